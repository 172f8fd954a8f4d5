#!/usr/bin/env python3
"""Posts SIZE zero bytes to URL as image/png the way a Python user would: the whole body in
one call with urllib.request or requests, then the answer.  Prints one JSON line: the
status and body it got, or the exception that came instead of an answer.

    post_body.py urllib|requests URL SIZE
"""
import json
import sys
import urllib.error
import urllib.request


def post_urllib(url, body):
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "image/png"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def post_requests(url, body):
    import requests

    response = requests.post(url, data=body, headers={"Content-Type": "image/png"}, timeout=120)
    return response.status_code, response.content


def main():
    client, url, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
    post = {"urllib": post_urllib, "requests": post_requests}[client]
    try:
        status, body = post(url, bytes(size))
    except Exception as error:  # what the user would see instead of an answer
        print(json.dumps({"exception": f"{type(error).__name__}: {error}"}))
        return
    print(json.dumps({"status": status, "body": body.decode("utf-8", "replace")}))


if __name__ == "__main__":
    main()
