#!/usr/bin/env python3
"""Load test of `idreader serve` on loopback, beside spawning the CLI once per image.

    python3 bench/serve.py [--bin .build/release/idreader] [--requests 200] [--rss-requests 10000]

For 1, 2, 8 and 32 concurrent clients (each with its own keep-alive connection) it posts
the mixed samples (samples/passports, samples/licences) to /v1/read round-robin and prints
throughput, p50/p99 latency and the statuses; then the same on the small samples (at most
1 Mpx) and on tiny images (test fixtures without a document, where the per-image cost is
mostly the CLI's start) beside `idreader read FILE` spawned per image with as many processes as clients;
then 32 clients against a server with a queue of 2 (overload: only 503 may appear besides
200); then the server's RSS over --rss-requests requests (small images, MRZ and AAMVA
bodies mixed), after a warm-up.  Exits 1 when a request fails with anything but 503.
"""
import argparse
import http.client
import os
import re
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def samples():
    out = []
    for folder in ("samples/passports", "samples/licences"):
        d = os.path.join(ROOT, folder)
        out += [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith((".png", ".jpg"))]
    return out


def pixels(path):
    with open(path, "rb") as f:
        head = f.read(64 * 1024)
    if head[:8] == b"\x89PNG\r\n\x1a\n":
        return int.from_bytes(head[16:20], "big") * int.from_bytes(head[20:24], "big")
    i = 2
    while i < len(head) - 9:  # JPEG: find the SOF marker
        if head[i] != 0xFF:
            i += 1
            continue
        marker = head[i + 1]
        if marker in (0xC0, 0xC1, 0xC2):
            return int.from_bytes(head[i + 5:i + 7], "big") * int.from_bytes(head[i + 7:i + 9], "big")
        i += 2 + int.from_bytes(head[i + 2:i + 4], "big")
    return 1 << 40


class Server:
    """`idreader serve` on a free loopback port; its log goes to a temporary file removed at stop."""

    stop_timeout = 60

    def __init__(self, binary, *args):
        self.log = open(os.path.join("/tmp", f"idreader-bench-serve-{os.getpid()}-{time.time_ns()}.log"), "w+")
        self.proc = subprocess.Popen([binary, "serve", "--port", "0", *args], stderr=self.log, stdout=subprocess.DEVNULL, cwd=ROOT)
        for _ in range(200):
            self.log.seek(0)
            m = re.search(r"listening on http://127\.0\.0\.1:(\d+)", self.log.read())
            if m:
                self.port = int(m.group(1))
                self.url = f"http://127.0.0.1:{self.port}"
                return
            time.sleep(0.05)
        raise SystemExit("the server did not start")

    def rss_kb(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))

    def stop(self):
        self.proc.terminate()
        code = self.proc.wait(self.stop_timeout)
        self.log.close()
        os.unlink(self.log.name)
        return code


def load(port, bodies, clients, count, by_body=None):
    """Posts `count` requests from `clients` threads; returns (seconds, latencies, statuses).
    With `by_body` (a dict), also files each latency under its body's index."""
    latencies, statuses, lock = [], {}, threading.Lock()
    next_index = [0]

    def client():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        while True:
            with lock:
                i = next_index[0]
                if i >= count:
                    break
                next_index[0] += 1
            path, ctype, body = bodies[i % len(bodies)]
            t0 = time.perf_counter()
            try:
                conn.request("POST", path, body=body, headers={"Content-Type": ctype})
                r = conn.getresponse()
                r.read()
                status = r.status
                if r.getheader("Connection", "").lower() == "close":
                    conn.close()
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            except Exception as e:  # a broken connection counts as an error
                status = type(e).__name__
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            dt = time.perf_counter() - t0
            with lock:
                latencies.append(dt)
                statuses[status] = statuses.get(status, 0) + 1
                if by_body is not None:
                    by_body.setdefault(i % len(bodies), []).append(dt)
        conn.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - t0, latencies, statuses


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))] if v else float("nan")


def cli_rate(binary, files, processes, count):
    """Images per second spawning `idreader read FILE` once per image, `processes` at a time."""
    running, started, t0 = [], 0, time.perf_counter()
    while started < count or running:
        while started < count and len(running) < processes:
            running.append(subprocess.Popen([binary, "read", files[started % len(files)]], stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL, cwd=ROOT))
            started += 1
        running[0].wait()
        running.pop(0)
    return count / (time.perf_counter() - t0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build/release/idreader"))
    ap.add_argument("--requests", type=int, default=120, help="requests per concurrency level")
    ap.add_argument("--rss-requests", type=int, default=10_000)
    ap.add_argument("--clients", default="1,2,8,32")
    a = ap.parse_args()
    cores = os.cpu_count() or 1
    files = samples()
    small = [f for f in files if pixels(f) <= 1_000_000]
    image = lambda f: ("/v1/read", "application/octet-stream", open(f, "rb").read())
    mixed = [image(f) for f in files]
    small_bodies = [image(f) for f in small]
    fixtures = os.path.join(ROOT, "Tests/IDReaderTests/Fixtures")
    tiny = [os.path.join(fixtures, f) for f in ("alpha.png", "palette.png", "gray16.png", "one-pixel.png")]
    failures = 0

    def bad(statuses, allow503=False):
        return sum(n for s, n in statuses.items() if s != 200 and not (allow503 and s == 503))

    server = Server(a.bin, "--workers", str(cores), "--queue", "64")
    load(server.port, mixed, 1, len(mixed))  # warm-up: every worker's reader state, every sample once
    load(server.port, mixed, cores, 2 * len(mixed))
    print(f"idreader serve, {cores} workers, {len(files)} mixed samples ({len(small)} small), loopback\n")
    print("| load | clients | requests | req/s | p50 ms | p99 ms | p99/p50 | statuses |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for c in [int(x) for x in a.clients.split(",")]:
        secs, lat, st = load(server.port, mixed, c, a.requests)
        failures += bad(st)
        p50, p99 = pct(lat, 50), pct(lat, 99)
        print(f"| mixed | {c} | {a.requests} | {a.requests / secs:.1f} | {p50 * 1000:.0f} | {p99 * 1000:.0f} | {p99 / p50:.2f} | {st} |")
    # The mix's own spread: its images cost 35–450 ms to read, so p99/p50 over the mix
    # measures the images, not the service.  What the service adds shows in each image's
    # latency against that image's own median, at 2 clients, beside 1 client.
    for c in (1, 2):
        per_image = {}
        load(server.port, mixed, c, max(a.requests, 20 * len(mixed)), by_body=per_image)
        relative = [dt / statistics.median(v) for v in per_image.values() for dt in v]
        medians = sorted(statistics.median(v) for v in per_image.values())
        print(f"| mixed, each image against its own median | {c} | {len(relative)} | | "
              f"{medians[0] * 1000:.0f}–{medians[-1] * 1000:.0f} (per image) | | {pct(relative, 99):.2f} | |")
    rates = {}
    sets = {"small": (small, small_bodies), "tiny": (tiny, [image(f) for f in tiny])}
    for name, (_, bodies) in sets.items():
        for c in (1, 2):
            secs, lat, st = load(server.port, bodies, c, a.requests)
            failures += bad(st)
            rates[name, c] = a.requests / secs
            p50, p99 = pct(lat, 50), pct(lat, 99)
            print(f"| {name} | {c} | {a.requests} | {rates[name, c]:.1f} | {p50 * 1000:.1f} | {p99 * 1000:.1f} | {p99 / p50:.2f} | {st} |")
    # one image over and over: the spread is the service's, not the mix's
    same = [image(os.path.join(ROOT, "samples/licences/licence-clean-000-r0.png"))]
    secs, lat, st = load(server.port, same, 2, a.requests)
    failures += bad(st)
    p50, p99 = pct(lat, 50), pct(lat, 99)
    print(f"| one licence image | 2 | {a.requests} | {a.requests / secs:.1f} | {p50 * 1000:.1f} | {p99 * 1000:.1f} | {p99 / p50:.2f} | {st} |")
    print()
    print("| images | clients / processes | images/s | server ÷ CLI |")
    print("| --- | ---: | ---: | ---: |")
    for name, (paths, _) in sets.items():
        for c in (1, 2):
            cli = cli_rate(a.bin, paths, c, max(20, a.requests // 4))
            print(f"| {name}: idreader read FILE per image | {c} | {cli:.1f} | |")
            print(f"| {name}: idreader serve | {c} | {rates[name, c]:.1f} | {rates[name, c] / cli:.1f}× |")

    # overload: 32 clients, 2 waiting places
    over = Server(a.bin, "--workers", str(cores), "--queue", "2")
    load(over.port, mixed, 1, len(mixed))
    secs, lat, st = load(over.port, mixed, 32, a.requests)
    failures += bad(st, allow503=True)
    print(f"\noverload (32 clients, queue 2): {st}; errors other than 503: {bad(st, allow503=True)}")
    over.stop()

    # memory over a long run
    text = [("/v1/mrz", "text/plain", open(os.path.join(ROOT, "samples/mrz", f), "rb").read())
            for f in sorted(os.listdir(os.path.join(ROOT, "samples/mrz")))]
    text += [("/v1/aamva", "application/octet-stream", open(os.path.join(ROOT, "samples/aamva", f), "rb").read())
             for f in sorted(os.listdir(os.path.join(ROOT, "samples/aamva")))]
    long_mix = small_bodies + text
    load(server.port, long_mix, cores, 500)
    before = server.rss_kb()
    t0 = time.perf_counter()
    secs, lat, st = load(server.port, long_mix, cores, a.rss_requests)
    after = server.rss_kb()
    failures += bad(st, allow503=False)
    print(f"RSS over {a.rss_requests} requests ({len(small_bodies)} small images and {len(text)} MRZ/AAMVA bodies mixed, "
          f"{cores} clients, {a.rss_requests / secs:.0f} req/s): {before / 1024:.1f} MB after warm-up -> {after / 1024:.1f} MB "
          f"({(after - before) / before * 100:+.1f}%); statuses {st}")
    code = server.stop()
    print(f"server exit on SIGTERM: {code}")
    sys.exit(1 if failures or code != 0 else 0)


if __name__ == "__main__":
    main()
