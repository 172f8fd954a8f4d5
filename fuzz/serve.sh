#!/usr/bin/env bash
# Smoke fuzzing of `idreader serve` (well under a minute):
#  1. schemathesis against /openapi.json: every operation, generated and mutated requests,
#     every response checked against the spec (status, content type, schema, headers);
#  2. the image fuzz corpus (.build/fuzz/corpus-image, else the image test fixtures) posted
#     to /v1/read, alone and as multipart: every answer must be a status of the spec with
#     a JSON body of the spec.
# The server must neither crash nor answer outside the spec, and must exit 0 on SIGTERM.
#   fuzz/serve.sh [EXAMPLES_PER_OPERATION]      (default 40)
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-40}
scripts/setup.sh --serve
bin=${IDREADER_BIN:-.build/debug/idreader}
[ -x "$bin" ] || swift build -j 1 --product idreader >&2
out=.build/fuzz/serve; mkdir -p "$out"
log="$out/server.log"
"$bin" serve --port 0 --workers 2 --queue 64 --time-limit 20 --max-body-bytes 2000000 2>"$log" &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q "listening on" "$log" && break; sleep 0.1; done
port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$log" | grep -o '[0-9]*$')
base="http://127.0.0.1:$port"
status=0

echo "== schemathesis: $examples examples per operation"
# positive_data_acceptance is left out: a schema cannot say "a decodable image" or "MRZ
# lines whose lengths fit", so schema-valid random bytes rightly get 422 (documented there).
if ! schemathesis run "$base/openapi.json" --checks all --exclude-checks positive_data_acceptance \
     --max-examples "$examples" --seed 16 --workers 2 \
     --request-timeout 30 --suppress-health-check all --max-time 40 \
     --report junit --report-junit-path "$out/schemathesis.xml" >"$out/schemathesis.txt" 2>&1; then
  echo "schemathesis found responses outside the spec: see $out/schemathesis.txt"; status=1
fi
python3 - "$out/schemathesis.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cases = root.iter("testcase")
n = f = 0
for c in cases:
    n += 1
    if c.find("failure") is not None or c.find("error") is not None: f += 1
print(f"schemathesis: {n} operations, {f} with failures")
PY
grep -E "test cases|generated|passed|failed" "$out/schemathesis.txt" | tail -4 || true

echo "== image corpus to /v1/read"
corpus=.build/fuzz/corpus-image
[ -d "$corpus" ] && [ -n "$(ls -A "$corpus")" ] || corpus=Tests/IDReaderTests/Fixtures
python3 - "$base" "$corpus" <<'PY' || status=1
import http.client, json, os, sys, uuid
base, corpus = sys.argv[1], sys.argv[2]
host, port = base.replace("http://", "").split(":")
files = sorted(os.path.join(corpus, f) for f in os.listdir(corpus))[:400]
allowed = {200, 413, 422, 504}
bad = 0
counts = {}
def post(body, ctype):
    c = http.client.HTTPConnection(host, int(port), timeout=60)
    c.request("POST", "/v1/read", body=body, headers={"Content-Type": ctype})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, r.getheader("Content-Type"), data
def check(name, status, ctype, data, multipart=False):
    global bad
    counts[status] = counts.get(status, 0) + 1
    ok = status in allowed and ctype == "application/json"
    try:
        obj = json.loads(data)
        if status == 200:
            items = obj if isinstance(obj, list) else [obj]
            ok = ok and all(set(i) == {"input", "documents", "error"} for i in items)
        else:
            ok = ok and set(obj) == {"error"} and set(obj["error"]) == {"code", "message"}
    except Exception:
        ok = False
    if not ok:
        bad += 1
        print(f"outside the spec: {name} -> {status} {ctype} {data[:200]!r}")
for f in files:
    body = open(f, "rb").read()
    check(f, *post(body, "application/octet-stream"))
# several corpus files as one multipart request, a few at a time
for i in range(0, len(files), 8):
    boundary = uuid.uuid4().hex
    parts = b""
    for f in files[i:i + 8]:
        parts += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{os.path.basename(f)}\"\r\n"
                  "Content-Type: application/octet-stream\r\n\r\n").encode() + open(f, "rb").read() + b"\r\n"
    parts += f"--{boundary}--\r\n".encode()
    check(f"multipart {i}", *post(parts, f"multipart/form-data; boundary={boundary}"))
print(f"corpus: {len(files)} files, {len(files) + (len(files) + 7) // 8} requests, statuses {dict(sorted(counts.items()))}, {bad} outside the spec")
sys.exit(1 if bad else 0)
PY

if ! kill -0 $pid 2>/dev/null; then echo "CRASH: the server died; see $log"; status=1; fi
kill -TERM $pid; set +e; wait $pid; rc=$?; set -e; trap - EXIT
[ $rc -eq 0 ] || { echo "the server exited with $rc on SIGTERM"; status=1; }
echo "server: exit $rc on SIGTERM, $(grep -c ' id=' "$log") requests logged"
exit $status
