"""Photo-like degradation shared by the sample generators (tools/licence-samples,
tools/mrz-samples): scale, a table around the document, rotation, blur, noise."""
import numpy as np
from PIL import Image, ImageFilter


def photograph(img, rng, p, rotation):
    """`p` holds: scale (optional), photo (bool), jitter (degrees), blur (radius), noise (sigma)."""
    if p.get("scale", 1) != 1:
        img = img.resize((int(img.width * p["scale"]), int(img.height * p["scale"])), Image.LANCZOS)
    if p["photo"]:
        bg = Image.new("L", (int(img.width * 1.3), int(img.height * 1.4)), int(rng.uniform(60, 120)))
        bg.paste(img, ((bg.width - img.width) // 2, (bg.height - img.height) // 2))
        img = bg
    angle = rotation + rng.uniform(-p["jitter"], p["jitter"])
    if angle:
        img = img.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=255 if not p["photo"] else 90)
    if p["blur"]:
        img = img.filter(ImageFilter.GaussianBlur(p["blur"]))
    if p["noise"]:
        noise = np.random.default_rng(rng.getrandbits(32)).normal(0, p["noise"], (img.height, img.width))
        img = Image.fromarray((np.asarray(img, np.float32) + noise).clip(0, 255).astype(np.uint8))
    return img
