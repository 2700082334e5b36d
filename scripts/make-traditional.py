#!/usr/bin/env python3
"""Writes src/analysis/traditional.txt: the Traditional Chinese forms of the characters the
analysis knows Chinese words by, each with the Simplified form the analysis folds it to.

Which characters: every character of the lexicon's `zh:` words and of the CJK constants of
src/analysis/lexicon.rs (ZH_VERBS, ZH_BETWEEN), as OpenCC writes those words in Traditional
characters, standard (s2t), Taiwan's (s2tw) and Hong Kong's (s2hk) forms; and the characters
the lexicon's own Traditional words (檔案) have a Simplified form for (t2s). A character whose
Traditional forms are several (启: 啓 啟) lists them all.

`--probe` also writes the `zh-TW` column of bench/multilingual-probe.json where an intent has
none: its `zh` request as OpenCC writes it for Taiwan, characters and words (s2twp: 文件 → 檔案,
代码 → 程式碼). A `zh-TW` request already there is kept: the later sets' were written by
people, not converted, and a conversion would replace their writing.

Run by hand when the lexicon's Chinese words change; it needs OpenCC's
tables from PyPI (`pip install opencc-python-reimplemented==0.1.7`, pure Python), which the
build and the tests do not: they read the file this writes. The data are OpenCC's
(Apache-2.0, https://github.com/BYVoid/OpenCC), a subset of its character tables.
"""
import re
import sys
from pathlib import Path

from opencc import OpenCC

import json

ROOT = Path(__file__).resolve().parent.parent
PROBE = ROOT / "bench/multilingual-probe.json"
LEXICON = ROOT / "src/analysis/lexicon.txt"
RUST = ROOT / "src/analysis/lexicon.rs"
OUT = ROOT / "src/analysis/traditional.txt"


def is_han(c):
    return 0x3400 <= ord(c) <= 0x9FFF or 0xF900 <= ord(c) <= 0xFAFF


def chinese_words():
    words = []
    for line in LEXICON.read_text().splitlines():
        m = re.search(r"\|\s*zh:([^|]*)", line)
        if m and not line.lstrip().startswith("#"):
            words += m.group(1).split()
    rust = RUST.read_text()
    rust = rust[: rust.find("#[cfg(test)]")]
    for name in ("ZH_VERBS", "ZH_BETWEEN"):
        at = rust.index(f"const {name}")
        body = rust[at : rust.index(";\n", at)]
        words += [c for c in body if is_han(c)]
    return words


def cjk_words():
    """(line, word) for every word of the lexicon's zh, ja and ko columns."""
    out = []
    for n, line in enumerate(LEXICON.read_text().splitlines()):
        if line.lstrip().startswith("#"):
            continue
        for part in line.split("|")[1:]:
            tag, _, words = part.partition(":")
            if tag.strip() in ("zh", "ja", "ko"):
                out += [(n, w) for w in words.split()]
    return out


def kept_apart(forms):
    """The Traditional characters whose folding would join lexicon words that share no
    meaning: a Japanese word read as a Chinese word of other lines only (項目, an item, would
    become 项目, a project; 遷移, a screen's transition, 迁移, a migration). Words that share
    a line may join (設定, Japanese for set and settings, and 设定, Chinese for set). A word
    read as holding another is allowed: keeping 開 apart because 公開し (publishing) would
    hold 公开 (public) cost more Traditional and Japanese requests than it saved."""
    words = cjk_words()
    lines_of = {}
    for n, w in words:
        lines_of.setdefault(w, set()).add(n)
    dropped = set()
    while True:
        fold = lambda w: "".join(forms[c] if c in forms and c not in dropped else c for c in w)
        folded = {}
        for w in lines_of:
            folded.setdefault(fold(w), set()).add(w)
        culprits = set()
        for f, group in folded.items():
            if any(not (lines_of[a] & lines_of[b]) for a in group for b in group):
                culprits |= {c for w in group for c in w if c in forms and c not in dropped}
        if not culprits:
            return dropped
        dropped |= culprits


def main():
    words = chinese_words()
    forms = {}  # Traditional character -> Simplified character
    t2s = OpenCC("t2s")
    for config in ("s2t", "s2tw", "s2hk"):
        cc = OpenCC(config)
        # The Simplified words only: a Taiwan word (資料庫) written for Hong Kong would pair
        # one Traditional variant with another (鉤 → 鈎).
        for word in (w for w in words if t2s.convert(w) == w):
            written = cc.convert(word)
            if len(written) != len(word):
                continue
            for t, s in zip(written, word):
                if t != s and is_han(t):
                    forms.setdefault(t, set()).add(s)
    for word in words:
        plain = t2s.convert(word)
        if len(plain) == len(word):
            for t, s in zip(word, plain):
                if t != s:
                    forms.setdefault(t, set()).add(s)
    folded = {}
    for t, seen in forms.items():
        plain = t2s.convert(t)
        # A character that Simplified Chinese writes too (覆, in 覆盖 and Taiwan's 回覆)
        # stays: only one that OpenCC writes as another character in Simplified text folds.
        if plain == t or plain not in seen:
            continue
        if len(seen) > 1:
            print(f"{t}: two forms {seen}, left out")
            continue
        folded[t] = plain
    forms = folded
    apart = sorted(kept_apart(forms))
    for t in apart:
        print(f"kept apart: {t}")
        del forms[t]
    by_simplified = {}
    for t, s in forms.items():
        by_simplified.setdefault(s, []).append(t)
    lines = [
        "# Generated by scripts/make-traditional.py from OpenCC's tables (Apache-2.0); do not edit.",
        "# Each line: a Simplified Chinese character, then the Traditional forms the analysis folds",
        "# to it (src/analysis/traditional.rs). Only the characters of the lexicon's Chinese words.",
        "# Kept apart, as folding them would make a Japanese word read as a Chinese word of other",
        f"# meaning: {' '.join(apart)}",
    ]
    for s in sorted(by_simplified):
        lines.append(" ".join([s] + sorted(by_simplified[s])))
    OUT.write_text("\n".join(lines) + "\n")
    print(f"{OUT.relative_to(ROOT)}: {len(forms)} Traditional characters, {len(by_simplified)} Simplified")


def probe():
    data = json.loads(PROBE.read_text())
    taiwan = OpenCC("s2twp")
    languages = [l for l in data["languages"] if l != "zh-TW"]
    languages.insert(languages.index("zh") + 1, "zh-TW")
    data["languages"] = languages
    converted = 0
    for intent in data["intents"]:
        q = intent["q"]
        if "zh-TW" not in q:
            q["zh-TW"] = taiwan.convert(q["zh"])
            converted += 1
        intent["q"] = {lang: q[lang] for lang in languages if lang in q}
    PROBE.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    print(f"{PROBE.relative_to(ROOT)}: zh-TW converted for {converted} of {len(data['intents'])} intents")


if __name__ == "__main__":
    main()
    if "--probe" in sys.argv:
        probe()
