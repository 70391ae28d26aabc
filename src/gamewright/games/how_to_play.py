""""How to play": each game's rules in our own words, one Markdown text per game shipped in the package.

The text is ``games/<game>/how_to_play.md`` (CommonMark; HTML in the source is shown as text, never passed
through). This module reads it and renders it for the web rules page and for a documentation site alike, giving
every heading a stable id derived from its text:

- a level-2 heading: the slug of its text (``## The goal`` → ``the-goal``);
- a level-3 heading under ``## Actions``: ``action-`` and the slug of its first word, the verb as the game's
  action texts write it (``### play`` → ``action-play``), so a board's "?" beside an action links straight to it;
- any other heading: the slug of its text.

In ``## Glossary`` a paragraph made of ``**term** — meaning`` lines becomes a definition list (each term's id is
``term-`` and its slug).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from markdown_it import MarkdownIt
from markdown_it.token import Token

FILE_NAME = "how_to_play.md"
# The fixed sections, in order (the convention every game's text follows).
SECTIONS = (
    "The goal",
    "What you need to know first",
    "A turn, step by step",
    "Actions",
    "How the odds are computed",
    "How the game ends",
    "Glossary",
)
ACTIONS_ID = "actions"
GLOSSARY_ID = "glossary"
_DASHES = ("—", "–", "-")


@dataclass(frozen=True)
class Heading:
    level: int
    id: str
    text: str


@dataclass(frozen=True)
class Rendered:
    html: str  # safe HTML: the source's own HTML was escaped
    headings: tuple[Heading, ...]

    @property
    def action_ids(self) -> tuple[str, ...]:
        return tuple(h.id for h in self.headings if h.id.startswith("action-"))


def slug(text: str) -> str:
    """Lower-case ASCII letters and digits, other runs turned into one ``-``."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "section"


def action_id(verb: str) -> str:
    """The id of a verb's section under ``## Actions`` (what a board's "?" links to)."""
    return "action-" + slug(verb.split()[0] if verb.split() else verb)


def source(game: str) -> str | None:
    """The game's text, or None when it is not written yet (or ``game`` is no game of ours)."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", game):
        return None
    path = resources.files("gamewright.games").joinpath(game).joinpath(FILE_NAME)
    try:
        return path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None


def _markdown() -> MarkdownIt:
    # commonmark with raw HTML off: a "<b>" in the text is printed, not obeyed
    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})


def _plain(inline: Token) -> str:
    return "".join(c.content for c in inline.children or () if c.type in ("text", "code_inline")).strip()


def _glossary_lines(inline: Token) -> list[tuple[list[Token], list[Token]]] | None:
    """The (term, meaning) inline children of a paragraph of ``**term** — meaning`` lines, or None."""
    lines: list[list[Token]] = [[]]
    for child in inline.children or ():
        if child.type in ("softbreak", "hardbreak"):
            lines.append([])
        else:
            lines[-1].append(child)
    out = []
    for line in lines:
        while line and line[0].type == "text" and not line[0].content.strip():
            line = line[1:]
        if len(line) < 4 or line[0].type != "strong_open":
            return None
        close = next((i for i, c in enumerate(line) if c.type == "strong_close"), -1)
        rest = line[close + 1:]
        if close < 0 or not rest or rest[0].type != "text":
            return None
        head = rest[0].content.lstrip()
        dash = next((d for d in _DASHES if head.startswith(d)), None)
        if dash is None:
            return None
        first = Token("text", "", 0, content=head[len(dash):].lstrip())
        out.append((line[1:close], [first, *rest[1:]]))
    return out


def _inline(children: list[Token]) -> Token:
    tok = Token("inline", "", 0, children=children)
    tok.content = "".join(c.content for c in children)
    return tok


def _definition_list(pairs: list[tuple[list[Token], list[Token]]], used: set[str]) -> list[Token]:
    out = [Token("dl_open", "dl", 1, block=True)]
    for term, meaning in pairs:
        dt = Token("dt_open", "dt", 1, block=True)
        dt.attrSet("id", _unique("term-" + slug("".join(c.content for c in term)), used))
        out += [dt, _inline(term), Token("dt_close", "dt", -1, block=True),
                Token("dd_open", "dd", 1, block=True), _inline(meaning), Token("dd_close", "dd", -1, block=True)]
    out.append(Token("dl_close", "dl", -1, block=True))
    return out


def _unique(base: str, used: set[str]) -> str:
    found, n = base, 2
    while found in used:
        found, n = f"{base}-{n}", n + 1
    used.add(found)
    return found


def render(text: str) -> Rendered:
    """The text as HTML with heading ids (module docstring) and the glossary as a definition list."""
    md = _markdown()
    tokens = md.parse(text)
    used: set[str] = set()
    headings: list[Heading] = []
    out: list[Token] = []
    section = ""
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.type == "heading_open":
            level = int(tok.tag[1])
            words = _plain(tokens[i + 1])
            if level == 2:
                ident = slug(words)
                section = ident
            elif level == 3 and section == ACTIONS_ID:
                ident = action_id(words)
            else:
                ident = slug(words)
            ident = _unique(ident, used)
            tok.attrSet("id", ident)
            headings.append(Heading(level, ident, words))
        elif (tok.type == "paragraph_open" and section == GLOSSARY_ID and i + 2 < len(tokens)
              and tokens[i + 2].type == "paragraph_close"):
            pairs = _glossary_lines(tokens[i + 1])
            if pairs:
                out += _definition_list(pairs, used)
                i += 3
                continue
        out.append(tok)
        i += 1
    merged: list[Token] = []  # glossary paragraphs one after another make one list
    for tok in out:
        if tok.type == "dl_open" and merged and merged[-1].type == "dl_close":
            merged.pop()
            continue
        merged.append(tok)
    html = md.renderer.render(merged, md.options, {})
    return Rendered(html, tuple(headings))


def structure_problems(text: str) -> list[str]:
    """What keeps ``text`` from the convention: the fixed level-2 sections in order, at least one verb under
    Actions, a glossary of ``**term** — meaning`` lines."""
    done = render(text)
    found = [h.text for h in done.headings if h.level == 2]
    problems = []
    if found != list(SECTIONS):
        problems.append(f"the level-2 sections are {found}; the convention is {list(SECTIONS)}")
    if not done.action_ids:
        problems.append("no '### <verb>' section under '## Actions'")
    if "<dl>" not in done.html:
        problems.append("the glossary has no '**term** — meaning' lines")
    return problems


@lru_cache(maxsize=16)
def rendered(game: str) -> Rendered | None:
    """The game's page body (None: not written yet); the text is fixed once installed, so it is kept."""
    text = source(game)
    return None if text is None else render(text)
