"""One TLS context per process for the OpenAI clients Planarium makes.

httpx builds a new SSL context for every client, loading the bundle of CA certificates each
time: 52 ms of CPU per ``AsyncOpenAI()``, against 0.3 ms with a context made once. That was
paid per run of ``planarium eval`` and, in the verifiers harness, per turn of every rollout.
An ``ssl.SSLContext`` may be shared by any number of connections and threads.
"""

from __future__ import annotations

import functools
import ssl

import httpx


@functools.cache
def tls_context() -> ssl.SSLContext:
    """httpx's own default context (certifi's bundle, or SSL_CERT_FILE / SSL_CERT_DIR), made once."""
    return httpx.create_ssl_context()
