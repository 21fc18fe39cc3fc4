"""A real llama.cpp server (llama-cpp-python's) on 127.0.0.1, serving a packaged GGUF, for the openai/ tests.

``make test`` builds ``llama-cpp-python[server]==0.3.36`` into ``.venv-llamacpp`` (``PYVERIFY_LLAMACPP_PYTHON``
names another interpreter that has it). :func:`unavailable` says why no server can be started (the tests
skip with that reason); :class:`LlamaServer` starts one on a free port and can be killed and restarted on
the same port.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV = ROOT / ".venv-llamacpp"


def interpreter() -> Path:
    configured = os.environ.get("PYVERIFY_LLAMACPP_PYTHON")
    return Path(configured) if configured else VENV / "bin" / "python"


def unavailable() -> str | None:
    """Why no llama.cpp server can be started here, or None."""
    python = interpreter()
    if not python.exists():
        return f"llama-cpp-python's server is not installed ({python} missing; `make llamacpp` builds it)"
    failed = VENV / ".failed"
    if failed.is_file() and not os.environ.get("PYVERIFY_LLAMACPP_PYTHON"):
        return f"llama-cpp-python could not be built here: {failed.read_text(errors='replace').strip()[-300:]}"
    probe = subprocess.run([str(python), "-c", "import llama_cpp.server"], capture_output=True, text=True, timeout=120)
    if probe.returncode != 0:
        tail = (probe.stderr.strip().splitlines() or ["?"])[-1]
        return f"llama-cpp-python's server does not import in {python}: {tail}"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LlamaServer:
    """``python -m llama_cpp.server`` serving one GGUF under the alias ``model``."""

    def __init__(self, gguf: Path, alias: str = "smollm2", n_ctx: int = 2048) -> None:
        self.gguf, self.alias, self.n_ctx = gguf, alias, n_ctx
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = Path(os.environ.get("TMPDIR", "/tmp")) / f"pyverify-llamacpp-{self.port}.log"

    def start(self, wait: float = 120.0) -> None:
        command = [str(interpreter()), "-m", "llama_cpp.server", "--model", str(self.gguf), "--host", "127.0.0.1",
                   "--port", str(self.port), "--n_ctx", str(self.n_ctx), "--model_alias", self.alias,
                   "--n_threads", "2"]  # fmt: skip
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the llama.cpp server exited ({self.process.returncode}); log: {self.log}")
            try:
                with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(
                    f"{self.url}/models", timeout=2
                ) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"the llama.cpp server did not answer within {wait:g} s; log: {self.log}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)
        self.process = None


def packaged_gguf(name: str = "smollm2-135m") -> Path:
    from pyverify.models._packaged import locate

    return locate(name)


if __name__ == "__main__":  # a server by hand: python -m tests.models.llamacpp
    server = LlamaServer(packaged_gguf())
    server.start()
    print(server.url, flush=True)
    try:
        signal.pause()
    finally:
        server.stop()
        sys.exit(0)
