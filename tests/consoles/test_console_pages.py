"""The console pages are the table's own: every script, style sheet and image a page names is a
file of consoles/static/, and nothing names another host (no CDN, no web font, no analytics),
so a table without internet serves them whole. Plain files, read as text: no browser needed."""

from __future__ import annotations

import re
from pathlib import Path

from consoles.server import PAGES

STATIC = Path(__file__).resolve().parents[2] / "consoles" / "static"
SOURCES = sorted(p for p in STATIC.iterdir() if p.suffix in (".html", ".js", ".css"))


def test_every_page_the_server_serves_is_a_file() -> None:
    served = set(PAGES.values()) - {"instructor.html"}   # the console page serves the Instructor
    assert served <= {p.name for p in STATIC.glob("*.html")}


def test_every_asset_a_page_names_is_served_by_the_table() -> None:
    for page in STATIC.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        names = re.findall(r'(?:src|href)="([^"]+)"', text)
        assert names, page.name
        for name in names:
            if name.startswith("data:"):
                continue
            assert name.startswith("/static/"), f"{page.name}: {name}"
            assert (STATIC / name.removeprefix("/static/")).is_file(), f"{page.name}: {name}"


def test_nothing_is_fetched_from_another_host() -> None:
    far = re.compile(r"""(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}|@import|@font-face|\bfetch\(|"""
                     r"""XMLHttpRequest|importScripts""", re.IGNORECASE)
    for source in SOURCES:
        text = source.read_text(encoding="utf-8")
        text = text.replace("http://www.w3.org/2000/svg", "")   # SVG's namespace: no request
        found = far.findall(text)
        assert not found, f"{source.name}: {found}"


def test_no_inline_script_or_handler_so_the_pages_keep_their_content_security_policy() -> None:
    for page in STATIC.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), page.name
        assert not re.search(r"\son[a-z]+=", text), page.name
