#!/usr/bin/env bash
# Install what IDReader needs on a fresh Debian machine, only when it is missing.
#   scripts/setup.sh              libraries to build and test the package
#   scripts/setup.sh --training   also the OCR-B training tools (tools/train-ocrb)
#   scripts/setup.sh --bench      also the Python peers for bench/ and what
#                                 ../shared/tools/idphoto-gen needs (OpenCV, fonts)
#   scripts/setup.sh --tool-tests also what the training tools' own tests import (Pillow, NumPy)
#   scripts/setup.sh --browser    also headless Chromium, for the contact sheet's browser test
#                                 (`idreader read --annotate`)
#   scripts/setup.sh --photo-gen  also what ../shared/tools/idphoto-gen needs (OpenCV, fonts), for
#                                 the annotation tests' ground truth
#   scripts/setup.sh --serve      also what fuzz/serve.sh, bench/serve*.py and the service's tests
#                                 use (curl, schemathesis, requests)
set -euo pipefail
packages=(pkg-config libleptonica-dev libtesseract-dev libzbar-dev libzxing-dev libmicrohttpd-dev libssl-dev fonts-ocr-b)
python=()
for arg in "$@"; do
  case "$arg" in
    --training) packages+=(tesseract-ocr tesseract-ocr-eng imagemagick); python+=(pillow numpy) ;;
    --tool-tests) python+=(pillow numpy) ;;
    --browser) packages+=(chromium) ;;
    --serve) packages+=(curl); python+=(schemathesis requests) ;;
    --photo-gen) packages+=(fonts-dejavu-core fonts-dejavu-extra fonts-urw-base35)
                 python+=(pillow numpy opencv-python-headless pdf417gen zxing-cpp mrz) ;;
    --bench) packages+=(zbar-tools tesseract-ocr tesseract-ocr-eng fonts-dejavu-core fonts-dejavu-extra fonts-urw-base35)
             python+=(passporteye mrz aamva-parser zxing-cpp pillow numpy opencv-python-headless pdf417gen scikit-image) ;;
    *) echo "setup.sh: unknown option '$arg' (use --training, --bench, --tool-tests, --browser, --photo-gen or --serve)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=(); [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >&2
fi
for module in "${python[@]}"; do
  import=${module//-/_}; [ "$import" = pillow ] && import=PIL
  [ "$import" = zxing_cpp ] && import=zxingcpp
  [ "$import" = scikit_image ] && import=skimage
  [ "$import" = opencv_python_headless ] && import=cv2
  python3 -c "import $import" 2>/dev/null || pip install -q "$module" >&2 2>/dev/null || pip install -q "$module" >&2
done
