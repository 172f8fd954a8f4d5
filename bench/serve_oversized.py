#!/usr/bin/env python3
"""Oversized uploads against `idreader serve` on loopback, beside clients reading documents.

    python3 bench/serve_oversized.py [--bin .build/release/idreader] [--uploads 50] [--upload-mib 64]
                                     [--readers 8] [--slowloris 100] [--past-cap 600]

Three phases, each against a fresh server with the default limits (--max-body-bytes 20 MB,
--drain-seconds 30, --drain-idle-seconds 5, --max-drains 512) and 8 reader threads posting
samples/*/*.png to /v1/read on keep-alive connections the whole time:

1. flood: --uploads concurrent uploads of --upload-mib MiB each (half with urllib.request,
   half with requests, both send the whole body before they read).  Every upload must get
   413 with the error object (payloadTooLarge, limitBytes), every read 200; the server's RSS
   is sampled every 20 ms and its growth over the baseline (after a warm-up) must stay
   under 50 MB.  Reader latency is compared with the readers alone.
2. slowloris: --slowloris connections each declare a 64 MiB body and send a byte a second
   (never silent for --drain-idle-seconds): each must be cut at --drain-seconds (30 s),
   unanswered; then as many that go silent after 1 KiB: cut at --drain-idle-seconds (5 s).
   Reads stay 200 and /healthz answers after.
3. past the drain cap: --past-cap trickling oversized uploads at once: --max-drains (512)
   of them drain, the others are answered 413 at once, and the reads stay 200.

Prints a Markdown table per phase; exits 1 when any target is missed.
"""
import argparse
import http.client
import json
import os
import re
import select
import socket
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request

import requests

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve  # noqa: E402  (the bench beside this one)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT = 20_000_000
RSS_GROWTH_LIMIT_MB = 50


class Server(serve.Server):
    """The read bench's server, with the readings this bench takes of it."""

    stop_timeout = 90

    def rss_mb(self):
        return self.rss_kb() / 1024

    def metric(self, name):
        text = urllib.request.urlopen(self.url + "/metrics", timeout=30).read().decode()
        m = re.search(rf"^{re.escape(name)} (\S+)$", text, re.M)
        return float(m.group(1)) if m else None

    def healthy(self):
        try:
            return urllib.request.urlopen(self.url + "/healthz", timeout=10).status == 200
        except OSError:
            return False


class Readers:
    """Threads posting the PNG samples to /v1/read until stopped: statuses and latencies."""

    def __init__(self, port, count):
        folders = [os.path.join(ROOT, "samples", d) for d in sorted(os.listdir(os.path.join(ROOT, "samples")))]
        self.bodies = [open(os.path.join(d, f), "rb").read() for d in folders for f in sorted(os.listdir(d)) if f.endswith(".png")]
        self.port, self.running, self.lock = port, True, threading.Lock()
        self.statuses, self.latencies = {}, []
        self.threads = [threading.Thread(target=self.read, args=(i,)) for i in range(count)]
        for t in self.threads:
            t.start()

    def read(self, index):
        conn, i = None, index
        while self.running:
            body = self.bodies[i % len(self.bodies)]
            i += 1
            t0 = time.perf_counter()
            try:
                conn = conn or http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
                conn.request("POST", "/v1/read", body=body, headers={"Content-Type": "image/png"})
                response = conn.getresponse()
                response.read()
                status = response.status
            except OSError as error:
                status, conn = type(error).__name__, None
            with self.lock:
                self.statuses[status] = self.statuses.get(status, 0) + 1
                self.latencies.append(time.perf_counter() - t0)

    def take(self):
        """The statuses and latencies since the last take."""
        with self.lock:
            taken = (self.statuses, self.latencies)
            self.statuses, self.latencies = {}, []
        return taken

    def stop(self):
        self.running = False
        for t in self.threads:
            t.join()


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))] if v else float("nan")


def upload(url, body, with_requests):
    """Posts `body` as a user would; ("413 payloadTooLarge limit", seconds) or the exception's name."""
    t0 = time.perf_counter()
    try:
        if with_requests:
            r = requests.post(url + "/v1/read", data=body, headers={"Content-Type": "image/png"}, timeout=120)
            status, answer = r.status_code, r.content
        else:
            request = urllib.request.Request(url + "/v1/read", data=body, headers={"Content-Type": "image/png"}, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=120) as r:
                    status, answer = r.status, r.read()
            except urllib.error.HTTPError as error:
                status, answer = error.code, error.read()
        error = json.loads(answer).get("error", {})
        ok = status == 413 and error.get("code") == "payloadTooLarge" and error.get("limitBytes") == LIMIT
        return ("413 with the error object" if ok else f"{status} {error.get('code')}"), time.perf_counter() - t0
    except Exception as error:  # what the user would see instead of an answer
        return type(error).__name__, time.perf_counter() - t0


def flood(binary, uploads, mib, readers_count):
    server = Server(binary)
    warm = Readers(server.port, readers_count)
    time.sleep(5)  # warm-up: every worker's reader state, the samples read a few times
    warm.take()
    baseline_rss = server.rss_mb()
    time.sleep(5)
    alone_statuses, alone = warm.take()
    body = bytes(mib << 20)
    results, peak, peak_drains, done = [None] * uploads, [baseline_rss], [0.0], threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], server.rss_mb())
            time.sleep(0.02)

    def sample_drains():
        while not done.is_set():
            peak_drains[0] = max(peak_drains[0], server.metric("idreader_draining") or 0)
            time.sleep(0.1)

    def one(i):
        results[i] = upload(server.url, body, with_requests=i % 2 == 1)

    samplers = [threading.Thread(target=sample), threading.Thread(target=sample_drains)]
    for t in samplers:
        t.start()
    threads = [threading.Thread(target=one, args=(i,)) for i in range(uploads)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    during_statuses, during = warm.take()
    done.set()
    for t in samplers:
        t.join()
    warm.stop()
    server.stop()
    outcomes = {}
    for outcome, _ in results:
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    seconds = [s for _, s in results]
    growth = peak[0] - baseline_rss
    print(f"## flood: {uploads} concurrent {mib} MiB uploads beside {readers_count} readers\n")
    print("| measure | value |")
    print("| --- | --- |")
    print(f"| uploads | {outcomes} |")
    print(f"| upload seconds p50 / max (all {uploads} in {wall:.1f} s) | {statistics.median(seconds):.1f} / {max(seconds):.1f} |")
    print(f"| drains at once (peak of idreader_draining) | {peak_drains[0]:.0f} |")
    print(f"| reads alone: statuses, p50 / p99 ms | {alone_statuses}, {pct(alone, 50) * 1000:.0f} / {pct(alone, 99) * 1000:.0f} |")
    print(f"| reads during the flood: statuses, p50 / p99 ms | {during_statuses}, {pct(during, 50) * 1000:.0f} / {pct(during, 99) * 1000:.0f} |")
    print(f"| RSS baseline / peak / growth MB | {baseline_rss:.1f} / {peak[0]:.1f} / {growth:.1f} |\n")
    ok = outcomes == {"413 with the error object": uploads}
    ok &= set(alone_statuses) | set(during_statuses) == {200} and len(during) > 0
    return ok and growth < RSS_GROWTH_LIMIT_MB


def open_oversized(port, first_bytes):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(f"POST /v1/read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: {64 << 20}\r\n\r\n".encode() + first_bytes)
    return s


def held(port, count, trickle, seconds_at_most=90):
    """Opens `count` oversized uploads, trickling a byte a second or silent; the seconds
    until the server closed each, and the answers it sent before closing."""
    sockets = {open_oversized(port, b"A" * 1024): None for _ in range(count)}
    t0, answers, last_byte = time.perf_counter(), [], time.perf_counter()
    while any(v is None for v in sockets.values()) and time.perf_counter() - t0 < seconds_at_most:
        open_ = [s for s, v in sockets.items() if v is None]
        if trickle and time.perf_counter() - last_byte >= 1:
            last_byte = time.perf_counter()
            for s in open_:
                try:
                    s.send(b"A")
                except OSError:
                    pass  # closed: seen as readable below
        readable, _, _ = select.select(open_, [], [], 0.1)
        for s in readable:
            try:
                data = s.recv(65536)
            except OSError:
                data = b""
            if data:
                answers.append(data)
            else:
                sockets[s] = time.perf_counter() - t0
    for s in sockets:
        s.close()
    return [v for v in sockets.values() if v is not None], answers, count - sum(v is not None for v in sockets.values())


def slowloris(binary, count, readers_count):
    server = Server(binary)
    readers = Readers(server.port, readers_count)
    print(f"## slowloris: {count} oversized uploads held open beside {readers_count} readers\n")
    print("| connections | cut after s (min / median / max) | still open | answers sent | reads |")
    print("| --- | --- | ---: | ---: | --- |")
    ok = True
    for trickle, bound in ((True, 30), (False, 5)):
        cuts, answers, still = held(server.port, count, trickle)
        statuses, lat = readers.take()
        label = "a byte a second" if trickle else "silent after 1 KiB"
        spread = f"{min(cuts):.1f} / {statistics.median(cuts):.1f} / {max(cuts):.1f}" if cuts else "-"
        print(f"| {count}, {label} | {spread} | {still} | {len(answers)} | {statuses}, p99 {pct(lat, 99) * 1000:.0f} ms |")
        ok &= still == 0 and not answers and set(statuses) == {200}
        ok &= bool(cuts) and bound - 1 <= min(cuts) and max(cuts) <= bound + 2
    up = server.healthy()
    print(f"\nservice up after: {up}\n")
    readers.stop()
    server.stop()
    return ok and up


def past_cap(binary, count, readers_count, cap=512):
    server = Server(binary)
    readers = Readers(server.port, readers_count)
    time.sleep(3)
    readers.take()
    # headers only, then a byte a second to each: the first `cap` drain, the others are answered
    sockets = [open_oversized(server.port, b"") for _ in range(count)]
    answered, cut, draining, t0 = set(), set(), 0.0, time.perf_counter()
    while time.perf_counter() - t0 < 4:
        for s in sockets:
            if s not in answered and s not in cut:
                try:
                    s.send(b"A")
                except OSError:
                    pass  # closed: seen as readable below
        second = time.perf_counter() + 1
        while time.perf_counter() < second:
            readable, _, _ = select.select([s for s in sockets if s not in answered and s not in cut], [], [], 0.1)
            for s in readable:
                try:
                    data = s.recv(65536)
                except OSError:
                    data = b""
                (answered if data.startswith(b"HTTP/1.1 413 ") else cut).add(s)
        draining = max(draining, server.metric("idreader_draining") or 0)
    statuses, lat = readers.take()
    for s in sockets:
        s.close()
    up = server.healthy()
    readers.stop()
    server.stop()
    print(f"## past the drain cap: {count} oversized uploads at once, --max-drains {cap}, beside {readers_count} readers\n")
    print("| draining (peak) | answered 413 at once | closed unanswered | reads while held | service up after |")
    print("| ---: | ---: | ---: | --- | --- |")
    print(f"| {draining:.0f} | {len(answered)} | {len(cut)} | {statuses}, p50 / p99 {pct(lat, 50) * 1000:.0f} / {pct(lat, 99) * 1000:.0f} ms | {up} |\n")
    return draining == cap and len(answered) == count - cap and not cut and set(statuses) == {200} and up


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build/release/idreader"))
    ap.add_argument("--uploads", type=int, default=50)
    ap.add_argument("--upload-mib", type=int, default=64)
    ap.add_argument("--readers", type=int, default=8)
    ap.add_argument("--slowloris", type=int, default=100)
    ap.add_argument("--past-cap", type=int, default=600)
    a = ap.parse_args()
    results = {
        "flood": flood(a.bin, a.uploads, a.upload_mib, a.readers),
        "slowloris": slowloris(a.bin, a.slowloris, a.readers),
        "past the drain cap": past_cap(a.bin, a.past_cap, a.readers),
    }
    missed = [name for name, ok in results.items() if not ok]
    print("targets met" if not missed else f"targets missed: {', '.join(missed)}")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
