"""Frostfield: `python main.py` opens the app; flags run it headless (screenshots, benchmarks, smoke test)."""
import multiprocessing
import os
import sys


def parse_sizes(text: str) -> list[tuple[int, int]]:
    """"800x560,1280x800" as [(800, 560), (1280, 800)]; at least 800×560 each."""
    import argparse

    sizes = []
    for part in text.lower().replace("×", "x").split(","):
        try:
            w, h = (int(v) for v in part.strip().split("x"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r} is not a size like 1280x800") from None
        if w < 800 or h < 560 or w > 7680 or h > 4320:
            raise argparse.ArgumentTypeError(f"{part!r}: sizes go from 800x560 to 7680x4320")
        sizes.append((w, h))
    return sizes


def parse_args(argv):
    """The command line: no flags opens the window."""
    import argparse

    parser = argparse.ArgumentParser(prog="frostfield", description="Four two-player winter strategy games.")
    parser.add_argument("--screenshots", metavar="DIR", help="render every scene of every game to PNG files in DIR, headless")
    parser.add_argument("--size", metavar="WxH[,WxH...]", type=parse_sizes, default=[(1280, 800)],
                        help="the window size(s) for --screenshots (several: one folder each in DIR), default 1280x800")
    parser.add_argument("--bench-fps", action="store_true", help="print frames per second on each board at 1280x800, headless")
    parser.add_argument("--bench-idle", action="store_true",
                        help="print the CPU share while idle (menu, play) and the frame rate while things move, headless")
    parser.add_argument("--smoke", action="store_true", help="open headless, play a few moves of each game, exit 0")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    """Run Frostfield; returns the process exit code."""
    # First thing: in a frozen executable the bot's worker process starts through here.
    multiprocessing.freeze_support()
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.version:
        from frostfield.ui.about import title

        print(title())
        return 0
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.screenshots or args.bench_fps or args.bench_idle or args.smoke:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        from frostfield.ui import bench, headless, shots

        if args.screenshots:
            for size in args.size:
                folder = os.path.join(args.screenshots, "%dx%d" % size) if len(args.size) > 1 else args.screenshots
                files = shots.screenshots(folder, size)
                print(f"{len(files)} screenshots in {folder}")
        if args.bench_fps:
            bench.bench_fps()
        if args.bench_idle:
            bench.bench_idle()
        if args.smoke:
            return headless.smoke()
        return 0
    from frostfield.ui.app import App

    App().run()
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
