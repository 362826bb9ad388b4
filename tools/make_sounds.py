"""Write the app's sound effects (assets/sounds/*.wav) with nothing but `wave` and `math`.

    python tools/make_sounds.py [OUT_DIR]      (default: assets/sounds beside this script)

move: a soft wooden tock on snow; capture: an icy crack and chime; end: a rising
three-note chime. 22.05 kHz, 16-bit mono, a few kilobytes each. The noise is seeded,
so the files come out the same every time.
"""
from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
PEAK = 0.6  # of full scale: loud enough to hear, quiet enough not to startle


def tone(freq: float, seconds: float, decay: float, start: float = 0.0, total: float | None = None) -> list[float]:
    """A sine at freq with an exponential decay (time constant `decay` s), starting at `start` s."""
    n = int(RATE * (total if total is not None else start + seconds))
    out = [0.0] * n
    s0 = int(start * RATE)
    for i in range(s0, min(n, s0 + int(seconds * RATE))):
        t = (i - s0) / RATE
        out[i] = math.sin(2 * math.pi * freq * t) * math.exp(-t / decay)
    return out


def noise(seconds: float, decay: float, smooth: int, seed: int) -> list[float]:
    """Decaying noise, low-passed by a moving average of `smooth` samples (bigger = duller)."""
    rnd = random.Random(seed)
    raw = [rnd.uniform(-1, 1) for _ in range(int(RATE * seconds))]
    out, acc = [], 0.0
    for i, v in enumerate(raw):
        acc += v - (raw[i - smooth] if i >= smooth else 0.0)
        out.append(acc / smooth * math.exp(-(i / RATE) / decay))
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """The weighted sum of sample lists (padded to the longest)."""
    n = max(len(p) for _, p in parts)
    return [sum(w * p[i] for w, p in parts if i < len(p)) for i in range(n)]


def finish(samples: list[float]) -> list[float]:
    """Normalise to PEAK and fade the first and last few ms so nothing clicks."""
    top = max(abs(v) for v in samples) or 1.0
    out = [v / top * PEAK for v in samples]
    edge = int(0.003 * RATE)
    for i in range(min(edge, len(out))):
        out[i] *= i / edge
        out[-1 - i] *= i / edge
    return out


def move_sound() -> list[float]:
    """A soft tock: a low knock and a little snow crunch."""
    return finish(mix((1.0, tone(190, 0.12, 0.025)), (0.5, tone(380, 0.12, 0.012)),
                      (0.35, noise(0.1, 0.02, 6, seed=1))))


def capture_sound() -> list[float]:
    """An icy crack, then a short bright chime."""
    crack = noise(0.06, 0.012, 2, seed=2)
    chime = mix((1.0, tone(1320, 0.45, 0.12, start=0.02)), (0.5, tone(1990, 0.45, 0.08, start=0.02)),
                (0.25, tone(2650, 0.45, 0.05, start=0.02)))
    return finish(mix((0.8, crack), (0.7, chime)))


def end_sound() -> list[float]:
    """Three rising bell notes (C6, E6, G6), each ringing on."""
    total = 1.1
    notes = [(1047, 0.0), (1319, 0.14), (1568, 0.28)]
    parts = []
    for freq, start in notes:
        parts.append((1.0, tone(freq, total - start, 0.3, start=start, total=total)))
        parts.append((0.3, tone(freq * 2.01, total - start, 0.12, start=start, total=total)))
    return finish(mix(*parts))


SOUNDS = {"move": move_sound, "capture": capture_sound, "end": end_sound}


def write_wav(path: Path, samples: list[float]) -> None:
    """Write samples in -1..1 as a 16-bit mono WAV file."""
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(b"".join(struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32767)) for v in samples))


def main(argv: list[str]) -> int:
    """Write every sound into the output folder."""
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent / "assets" / "sounds"
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = out / f"{name}.wav"
        write_wav(path, make())
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
