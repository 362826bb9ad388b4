"""The release's facts from the repository's one source of each: the version (pyproject.toml) and its notes (CHANGELOG.md).

    python packaging/release_notes.py --version            # prints e.g. 0.1.0
    python packaging/release_notes.py --tag v0.1.0 --notes OUT.md
        # fails unless the tag is v<pyproject version> and CHANGELOG.md has a section for that version;
        # writes that section to OUT.md (the draft release's text)
    python packaging/release_notes.py --notes OUT.md --allow-unreleased
        # a manual run with no tag: the version's section, else the [Unreleased] one

Run by .github/workflows/release.yml; loaded by path (packaging/ is no package: see recipe.py).
"""
import argparse
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNRELEASED = "Unreleased"
# A Keep-a-Changelog section heading: "## [0.1.0] - 2026-11-25" or "## [Unreleased]".
HEADING = re.compile(r"^## \[(?P<name>[^\]]+)\](?:\s+-\s+(?P<date>\S.*))?\s*$")


def project_version(pyproject: Path = ROOT / "pyproject.toml") -> str:
    """The [project] version: the only place the version is written."""
    with open(pyproject, "rb") as f:
        return tomllib.load(f)["project"]["version"]


def sections(changelog_text: str) -> dict[str, str]:
    """Each '## [name]' section's body (without its heading, stripped), by name, in file order."""
    found: dict[str, list[str]] = {}
    current = None
    for line in changelog_text.splitlines():
        match = HEADING.match(line)
        if match:
            current = match["name"].strip()
            found[current] = []
        elif line.startswith("[") and "]: " in line and current is not None:
            continue  # link reference definitions at the foot belong to no section
        elif current is not None:
            found[current].append(line)
    return {name: "\n".join(lines).strip() for name, lines in found.items()}


def notes_for(version: str, changelog_text: str, allow_unreleased: bool = False) -> str:
    """The changelog section of version; the [Unreleased] one if allowed and there is none. ValueError says what is missing."""
    found = sections(changelog_text)
    body = found.get(version)
    if body is None and allow_unreleased:
        body = found.get(UNRELEASED)
    if body is None:
        raise ValueError(f"CHANGELOG.md has no '## [{version}] - YYYY-MM-DD' section: rename [{UNRELEASED}] to it before tagging")
    if not body:
        raise ValueError(f"the CHANGELOG.md section for {version} is empty")
    return body


def check_tag(tag: str, version: str) -> None:
    """A release tag names the pyproject version: v0.1.0 for 0.1.0. ValueError otherwise."""
    if tag != f"v{version}":
        raise ValueError(f"tag {tag!r} does not match the version in pyproject.toml ({version}): expected 'v{version}'")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="store_true", help="print the version in pyproject.toml")
    parser.add_argument("--tag", help="the pushed tag; fails unless it is v<version>")
    parser.add_argument("--notes", type=Path, metavar="OUT", help="write the version's changelog section to OUT")
    parser.add_argument("--allow-unreleased", action="store_true", help="with no section for the version, take [Unreleased]")
    parser.add_argument("--changelog", type=Path, default=ROOT / "CHANGELOG.md")
    parser.add_argument("--pyproject", type=Path, default=ROOT / "pyproject.toml")
    args = parser.parse_args(argv)
    version = project_version(args.pyproject)
    try:
        if args.tag is not None:
            check_tag(args.tag, version)
        if args.notes is not None:
            body = notes_for(version, args.changelog.read_text(encoding="utf-8"), args.allow_unreleased)
            args.notes.write_text(body + "\n", encoding="utf-8")
    except ValueError as problem:
        print(f"release_notes: {problem}", file=sys.stderr)
        return 1
    if args.version:
        print(version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
