#!/usr/bin/env python3
"""Turns a terminal screen captured with ANSI colours (`tmux capture-pane -e -p`) into an SVG
picture: one cell per column (two for wide characters), the colours the app asked for.

    python3 tools/ansi_svg.py SCREEN.ans OUT.svg [--title TEXT]
"""
import re
import sys
import unicodedata
from html import escape

CELL_W, CELL_H = 9.6, 20
BASE16 = ["#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
          "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"]
DEFAULT_FG, DEFAULT_BG = "#d4d4d4", "#1e1e1e"


def colour256(n):
    if n < 16:
        return BASE16[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[n // 6 % 6], steps[n % 6])
    v = 8 + 10 * (n - 232)
    return "#%02x%02x%02x" % (v, v, v)


def width(ch):
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def parse(text):
    """Rows of cells: (char, fg, bg, bold); a wide character's second cell is None."""
    rows = []
    fg, bg, bold, reverse = None, None, False, False
    for line in text.split("\n"):
        cells = []
        i = 0
        while i < len(line):
            m = re.match(r"\x1b\[([0-9;:]*)m", line[i:])
            if m:
                params = [int(p) if p else 0 for p in re.split("[;:]", m.group(1))] or [0]
                j = 0
                while j < len(params):
                    p = params[j]
                    if p == 0:
                        fg, bg, bold, reverse = None, None, False, False
                    elif p == 1:
                        bold = True
                    elif p == 22:
                        bold = False
                    elif p == 7:
                        reverse = True
                    elif p == 27:
                        reverse = False
                    elif 30 <= p <= 37:
                        fg = BASE16[p - 30]
                    elif 90 <= p <= 97:
                        fg = BASE16[p - 90 + 8]
                    elif 40 <= p <= 47:
                        bg = BASE16[p - 40]
                    elif 100 <= p <= 107:
                        bg = BASE16[p - 100 + 8]
                    elif p == 39:
                        fg = None
                    elif p == 49:
                        bg = None
                    elif p in (38, 48) and j + 1 < len(params):
                        if params[j + 1] == 5 and j + 2 < len(params):
                            c = colour256(params[j + 2])
                            j += 2
                        elif params[j + 1] == 2 and j + 4 < len(params):
                            c = "#%02x%02x%02x" % tuple(params[j + 2:j + 5])
                            j += 4
                        else:
                            c = None
                        if p == 38:
                            fg = c
                        else:
                            bg = c
                    j += 1
                i += len(m.group(0))
                continue
            if line[i] == "\x1b":
                m = re.match(r"\x1b\[[0-9;?]*[A-Za-z]", line[i:])
                i += len(m.group(0)) if m else 1
                continue
            ch = line[i]
            f, b = (bg or DEFAULT_BG, fg or DEFAULT_FG) if reverse else (fg, bg)
            cells.append((ch, f, b, bold))
            if width(ch) == 2:
                cells.append(None)
            i += 1
        rows.append(cells)
    while rows and not rows[-1]:
        rows.pop()
    return rows


def svg(rows, title):
    cols = max((len(r) for r in rows), default=80)
    w, h = cols * CELL_W + 16, len(rows) * CELL_H + 16
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
           f'viewBox="0 0 {w:.0f} {h:.0f}" font-family="\'DejaVu Sans Mono\', \'Noto Sans Mono CJK JP\', monospace" '
           f'font-size="16">']
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect width="100%" height="100%" fill="{DEFAULT_BG}"/>')
    for y, row in enumerate(rows):
        for x, cell in enumerate(row):
            if cell and cell[2]:
                span = 2 if width(cell[0]) == 2 else 1
                out.append(f'<rect x="{8 + x * CELL_W:.1f}" y="{8 + y * CELL_H}" width="{span * CELL_W:.1f}" '
                           f'height="{CELL_H}" fill="{cell[2]}"/>')
        for x, cell in enumerate(row):
            if not cell or cell[0] == " ":
                continue
            ch, fg, _, bold = cell
            span = width(ch)
            weight = ' font-weight="bold"' if bold else ""
            out.append(f'<text x="{8 + x * CELL_W:.1f}" y="{8 + y * CELL_H + 15}" fill="{fg or DEFAULT_FG}"'
                       f' textLength="{span * CELL_W:.1f}" lengthAdjust="spacingAndGlyphs"{weight}>'
                       f"{escape(ch)}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    args = sys.argv[1:]
    title = ""
    if "--title" in args:
        k = args.index("--title")
        title = args[k + 1]
        del args[k:k + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    with open(args[0], encoding="utf-8") as f:
        rows = parse(f.read())
    with open(args[1], "w", encoding="utf-8") as f:
        f.write(svg(rows, title))


if __name__ == "__main__":
    main()
