"""The release's sources of record (pyproject's version, CHANGELOG.md) and the workflows that read them."""
import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"


def load(name):
    spec = importlib.util.spec_from_file_location(f"frostfield_{name}", ROOT / "packaging" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def notes():
    return load("release_notes")


def test_version_is_read_from_pyproject_alone(notes):
    with open(ROOT / "pyproject.toml", "rb") as f:
        assert notes.project_version() == tomllib.load(f)["project"]["version"]


def test_changelog_has_the_keep_a_changelog_form_and_notes_for_the_next_release(notes):
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    found = notes.sections(text)
    assert found, "no '## [...]' section"
    # Newest first: [Unreleased] (if any) on top, then released versions with a date.
    names = list(found)
    assert "Unreleased" not in names[1:]
    for line in text.splitlines():
        if line.startswith("## "):
            match = notes.HEADING.match(line)
            assert match, f"not a Keep-a-Changelog heading: {line!r}"
            if match["name"] != "Unreleased":
                assert re.fullmatch(r"\d+\.\d+\.\d+", match["name"]) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", match["date"] or "")
    version = notes.project_version()
    body = notes.notes_for(version, text, allow_unreleased=True)
    assert "### Added" in body or "### Changed" in body or "### Fixed" in body


def test_notes_are_the_versions_own_section_and_a_tag_needs_one(notes):
    text = "# Changelog\n\n## [Unreleased]\n\n- next\n\n## [1.2.0] - 2026-01-02\n\n### Fixed\n\n- a bug\n\n" \
           "## [1.1.0] - 2025-12-01\n\n- older\n\n[1.2.0]: https://example.org/compare/v1.1.0...v1.2.0\n"
    assert notes.notes_for("1.2.0", text) == "### Fixed\n\n- a bug"
    assert notes.notes_for("1.1.0", text) == "- older"  # the link definitions at the foot are no part of it
    assert notes.notes_for("1.3.0", text, allow_unreleased=True) == "- next"
    with pytest.raises(ValueError, match=r"no '## \[1.3.0\]"):
        notes.notes_for("1.3.0", text)
    with pytest.raises(ValueError, match="empty"):
        notes.notes_for("2.0.0", "## [2.0.0] - 2026-02-02\n\n")


def test_a_tag_must_name_the_pyproject_version(notes):
    notes.check_tag("v0.3.1", "0.3.1")
    for tag in ("0.3.1", "v0.3.2", "v0.3.1-rc1"):
        with pytest.raises(ValueError, match="does not match"):
            notes.check_tag(tag, "0.3.1")


def test_release_notes_command_writes_the_section_and_fails_on_a_wrong_tag(notes, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "frostfield"\nversion = "0.4.0"\n')
    (tmp_path / "CHANGELOG.md").write_text("## [0.4.0] - 2026-03-03\n\n### Added\n\n- a thing\n")
    files = ["--pyproject", str(tmp_path / "pyproject.toml"), "--changelog", str(tmp_path / "CHANGELOG.md")]
    assert notes.main([*files, "--tag", "v0.4.0", "--notes", str(tmp_path / "notes.md")]) == 0
    assert (tmp_path / "notes.md").read_text() == "### Added\n\n- a thing\n"
    assert notes.main([*files, "--tag", "v0.4.1", "--notes", str(tmp_path / "other.md")]) == 1
    assert not (tmp_path / "other.md").exists()


def test_workflows_run_scripts_that_exist_and_the_readme_test_command():
    release = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    test = (WORKFLOWS / "test.yml").read_text(encoding="utf-8")
    for script in set(re.findall(r"packaging/\w+\.py", release + test)):
        assert (ROOT / script).is_file(), script
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.search(r"## Test\s+```bash\s+(.+?)\s+```", readme, re.S)[1]
    # The README says python3; the runners' setup-python names it python.
    assert command.replace("python3", "python") in test
    for os_name in ("ubuntu", "windows", "macos"):
        assert f"{os_name}-latest" in test


def test_cibuildwheel_builds_abi3_wheels_and_smokes_each_one():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    ext = config["setuptools-rust"]["ext-modules"][0]
    assert "pyo3/abi3-py311" in ext["features"]
    assert config["distutils"]["bdist_wheel"]["py-limited-api"] == "cp311"
    cibw = config["cibuildwheel"]
    assert cibw["build"] == "cp311-*" and "--smoke" in cibw["test-command"]
    assert "rustup" in cibw["linux"]["before-all"]


@pytest.fixture(scope="module")
def wheel_check():
    return load("check_wheel")


def test_wheel_check_flags_every_generic_top_level_name_and_allows_only_frostfield(wheel_check, tmp_path):
    import zipfile

    wheel = tmp_path / "frostfield-1.0-cp311-abi3-linux_x86_64.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for name in ("frostfield/main.py", "frostfield/game/core.py", "frostfield-1.0.dist-info/RECORD",
                     "game/core.py", "ui/app.py", "assets/theme.json", "main.py", "other/x.py"):
            zf.writestr(name, "")
    names = wheel_check.top_level_names(wheel)
    assert names == ["assets", "frostfield", "frostfield-1.0.dist-info", "game", "main.py", "other", "ui"]
    problems = wheel_check.layout_problems(names)
    assert len(problems) == 5 and sum("generic" in p for p in problems) == 4
    assert wheel_check.layout_problems(["frostfield", "frostfield-1.0.dist-info", "frostfield-1.0.data"]) == []
    assert wheel_check.native_module(["frostfield"]) == "frostfield.game._native"


def test_wheel_check_takes_every_folder_with_cargo_or_rustc_off_path(wheel_check, tmp_path, monkeypatch):
    rust, plain = tmp_path / "cargo-bin", tmp_path / "bin"
    rust.mkdir()
    plain.mkdir()
    (rust / "rustc").write_text("")
    monkeypatch.setenv("PATH", f"{rust}:{plain}")
    assert wheel_check.no_toolchain_path() == str(plain)
