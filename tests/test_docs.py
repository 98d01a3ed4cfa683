"""The documentation: the README is a front page whose links all lead somewhere and whose
test command is the one CI runs, and the docs/ site builds with ``mkdocs build --strict``
(a broken link, a broken anchor, a page missing from the navigation or an API object that
does not exist fails it, as the tests below show)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def mkdocs_build(config: Path, site: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(config),
         "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, timeout=300)


def site_config() -> dict:
    return yaml.safe_load((ROOT / "mkdocs.yml").read_text())


def test_the_site_builds_strict(tmp_path):
    done = mkdocs_build(ROOT / "mkdocs.yml", tmp_path / "site")
    assert done.returncode == 0, done.stdout + done.stderr
    built = tmp_path / "site"
    assert (built / "index.html").is_file()
    # the API reference is generated: GameState and its methods are on the game's page
    assert 'id="engine.state.GameState.apply"' in (built / "reference/game/index.html").read_text()
    # the docstrings' doctest examples are fenced as code, not Markdown quotes
    cards = (built / "reference/cards-and-counting/index.html").read_text()
    assert "language-pycon" in cards and "<blockquote>" not in cards


def test_a_broken_link_or_anchor_fails_the_strict_build(tmp_path):
    """The same pages and validation rules, without the API reference (it does not matter
    here and costs the most), one page given a link to no page and one to no heading."""
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    config = site_config()
    config["docs_dir"] = str(docs)
    config["plugins"] = ["search"]
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config))
    assert mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site").returncode == 0

    with (docs / "playing.md").open("a") as page:
        page.write("\nSee [a page that is not there](no-such-page.md).\n")
    done = mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert done.returncode != 0 and "no-such-page.md" in done.stderr, done.stderr

    (docs / "playing.md").write_text((ROOT / "docs/playing.md").read_text()
                                     + "\nSee [no such heading](expert.md#no-such-heading).\n")
    done = mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert done.returncode != 0 and "no-such-heading" in done.stderr, done.stderr


def test_a_missing_api_object_fails_the_strict_build(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Gone\n\n::: engine.cards.no_such_function\n")
    config = site_config()
    config["docs_dir"] = str(docs)
    config["nav"] = [{"Home": "index.md"}]
    plugin = next(p for p in config["plugins"] if isinstance(p, dict) and "mkdocstrings" in p)
    python = plugin["mkdocstrings"]["handlers"]["python"]
    python["paths"] = [str(ROOT)]
    python["options"]["extensions"] = [str(ROOT / p) for p in python["options"]["extensions"]]
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config))
    done = mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert done.returncode != 0 and "engine.cards.no_such_function" in done.stderr, done.stderr


def test_the_readme_is_a_front_page():
    assert len(README.read_text().splitlines()) <= 300


def readme_links() -> list[str]:
    """Every link and image target in the README (inline Markdown links)."""
    return re.findall(r"\]\(([^)\s]+)\)", README.read_text())


def test_every_relative_link_in_the_readme_leads_to_a_file():
    targets = [t for t in readme_links() if not re.match(r"[a-z]+:", t)]
    assert len(targets) > 10  # the screenshot, the docs pages
    missing = [t for t in targets
               if not t.startswith("#") and not (ROOT / t.split("#")[0]).exists()]
    assert missing == []


def test_every_docs_page_is_linked_from_the_readme():
    """The README's list of where to read more names every page but the API reference
    (which the engine API page lists)."""
    linked = {t.split("#")[0] for t in readme_links()}
    pages = {p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md")}
    assert pages <= linked, pages - linked


def test_the_readme_has_two_commands_and_ci_runs_the_second():
    block = re.search(r"```sh\n(.*?)```", README.read_text(), re.S)
    assert block and README.read_text().index(block.group(0)) < 20  # at the top
    play, test = block.group(1).strip().splitlines()
    assert play == "pip install -e . && cribbage"
    ci = (ROOT / ".ci/run").read_text().strip().splitlines()[-1]
    assert test == ci and test.endswith("&& pytest")
    assert "docs" in test.split('"')[1]  # the strict build above needs mkdocs


def named_in_layout(text: str) -> set[str]:
    """The modules the layout block of docs/architecture.md names, as paths: a folder line
    (``name/`` at the start of its indented line) opens a folder under the last one less
    indented; every ``name.py`` after it, until the next folder line, is a module there."""
    block = text[text.index("```\n") + 4:]
    block = block[:block.index("```")]
    named: set[str] = set()
    stack: list[tuple[int, str]] = []
    for line in block.splitlines():
        opened = re.match(r"( *)([a-z_]+)/ ", line + " ")
        if opened:
            indent = len(opened.group(1))
            while stack and stack[-1][0] >= indent:
                stack.pop()
            stack.append((indent, opened.group(2)))
        folder = "/".join(name for _, name in stack)
        stems = re.findall(r"(?<![/\w])([a-z_][a-z0-9_]*)\.py\b", line)
        named.update(f"{folder}/{stem}.py" for stem in stems)
    return named


def test_the_architecture_page_names_every_module():
    modules = {str(path.relative_to(ROOT)) for package in ("engine", "ai", "cribbage_gui")
               for path in (ROOT / package).rglob("*.py")
               if path.name not in ("__init__.py", "__main__.py")}
    named = named_in_layout((ROOT / "docs" / "architecture.md").read_text())
    assert sorted(modules - named) == []  # every module has its line
    assert sorted(named - modules) == []  # and no line names a module that is gone


def test_the_layout_check_sees_a_module_in_the_wrong_folder():
    text = "```\nengine/  rules\n  rules.py  121\nai/  players\n  cards.py\n```\n"
    assert named_in_layout(text) == {"engine/rules.py", "ai/cards.py"}
