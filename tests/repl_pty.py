"""Drives `monty repl` through a pseudo-terminal, as a person at a terminal
would: prompts, a multi-line block, echoed values, a traceback, a cell that
hits the fuel limit (the session comes back as it was), Ctrl-D to leave.

Usage: python3 tests/repl_pty.py PATH/TO/monty  (host/tests/cli_session.rs
runs it). Exits 0 when every expectation is met, else 1 with the transcript.
"""

import os
import pty
import select
import sys
import time


def main(monty: str) -> int:
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(monty, [monty, "repl", "--fuel", "300000000"])
    transcript = bytearray()

    def expect(marker: bytes, timeout: float = 30.0) -> None:
        """Reads until `marker` appears after what was matched before."""
        deadline = time.monotonic() + timeout
        while marker not in transcript:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {marker!r}")
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the REPL ended before {marker!r}")
                transcript.extend(chunk)
        # consume through the marker so the next expect looks further on
        del transcript[: transcript.index(marker) + len(marker)]

    def send(line: str) -> None:
        os.write(fd, line.encode() + b"\n")

    try:
        expect(b"Type Ctrl-D to exit.")
        expect(b">>> ")
        send("x = 6")
        expect(b">>> ")
        send("def f(n):")
        expect(b"... ")
        send("    return n * x")
        expect(b"... ")
        send("")
        expect(b">>> ")
        send("f(7)")
        expect(b"42\r\n")
        expect(b">>> ")
        send("[f(i) for i in range(3)]")
        expect(b"[0, 6, 12]\r\n")
        expect(b">>> ")
        send("1/0")
        expect(b'File "<python-input-4>", line 1, in <module>')
        expect(b"ZeroDivisionError: division by zero\r\n")
        expect(b">>> ")
        send("x = 7")
        expect(b">>> ")
        send("while True: x += 1")
        expect(b"... ")
        send("")
        expect(b"limit exceeded")
        expect(b"back to where it was")
        expect(b">>> ")
        send("x, f(2)")
        expect(b"(7, 14)\r\n")
        expect(b">>> ")
        os.write(fd, b"\x04")
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise AssertionError(f"exit status {status}")
    except AssertionError as e:
        print(f"repl_pty: {e}\n--- unread output:\n{transcript.decode(errors='replace')}")
        try:
            os.kill(pid, 9)
        except OSError:
            pass
        return 1
    print("repl_pty: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
