# docs/rules.md and the tests stay in step. A test names the rules it checks by their IDs
# (AL-4, F61-10, ...) in a comment or docstring on the test, and the "Rule -> tests" table
# at the end of docs/rules.md lists, for every rule, the tests that cite it, or says why
# none does: "(not checked: reason)". This fails when
#   - a test, the firmware or the host tools cite an ID that docs/rules.md does not define;
#   - a rules test (tests/test_rules_*.py) cites no rule;
#   - the table names a test that does not exist;
#   - a rule has neither a test nor a "(not checked: ...)";
#   - the table is not what the tests cite.
#   python tests/test_rules_doc.py   rewrites the table from the tests' citations, keeping
#                                    each row's "(not checked: ...)" note
import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "rules.md")
TESTS = os.path.join(ROOT, "tests")
TABLE_HEAD = "| Rule | Tests |\n|---|---|\n"
NOTE = "(not checked:"
# rules tests that are not about one rule: the MicroPython lane that runs the others, and
# this file
NOT_RULES_TESTS = ("test_rules_micropython.py", "test_rules_doc.py")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def defined_rules(doc):
    # -> the rule IDs docs/rules.md defines ("**AL-4 Ties in the acting order.**"), in order
    ids = re.findall(r"^\*\*([A-Z][A-Z0-9]*-\d+) ", doc, re.MULTILINE)
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    assert not dupes, "docs/rules.md defines these IDs twice: " + ", ".join(dupes)
    return ids


def citation_pattern(ids):
    # an ID of one of docs/rules.md's sections (AL, ASH, F61, ...), whatever its number
    prefixes = sorted({i.rsplit("-", 1)[0] for i in ids}, key=lambda p: (-len(p), p))
    return re.compile(r"\b(?:" + "|".join(prefixes) + r")-\d+\b")


def scenario_modules():
    from tests.scenarios import MODULES

    return MODULES


def sources():
    # -> [(name in the table, path, prefix of its tests' names)]: what pytest collects
    # (tests/test_*.py) and the scenario modules tests/test_scenarios.py runs
    out = []
    for name in sorted(os.listdir(TESTS)):
        if name.startswith("test_") and name.endswith(".py"):
            out.append((name, os.path.join(TESTS, name), "test_"))
    for m in sorted(scenario_modules()):
        out.append(("scenarios/" + m + ".py", os.path.join(TESTS, "scenarios", m + ".py"), "scenario_"))
    return out


def functions_in(path, prefix):
    # -> [(test name, the text that is the test's: the comments just above it, its
    # decorators and its body)] in source order
    text = read(path)
    lines = text.split("\n")
    out = []
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith(prefix):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
            while first > 0 and lines[first - 1].strip().startswith("#"):
                first -= 1
            out.append((node.name, "\n".join(lines[first : node.end_lineno])))
    return out


def citations(cite):
    # -> {rule ID: [test names as the table writes them]}, {table name: its cited IDs}
    by_rule = {}
    by_test = {}
    for table_name, path, prefix in sources():
        for name, text in functions_in(path, prefix):
            full = table_name + "::" + name
            ids = []
            for i in cite.findall(text):
                if i not in ids:
                    ids.append(i)
            by_test[full] = ids
            for i in ids:
                by_rule.setdefault(i, []).append(full)
    return by_rule, by_test


def table(doc):
    # -> {rule ID: (the tests the row names, its "(not checked: ...)" note or "")}, in
    # the table's order
    start = doc.index(TABLE_HEAD) + len(TABLE_HEAD)
    rows = {}
    for line in doc[start:].split("\n"):
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 2, "a table row of two cells: " + line
        rule, cell = cells
        assert rule not in rows, "the table has two rows for " + rule
        note = ""
        if NOTE in cell:
            note = cell[cell.index(NOTE) :]
            cell = cell[: cell.index(NOTE)]
        names = []
        current = None
        for token in re.findall(r"`([^`]+)`", cell):
            if token.startswith("::"):
                assert current, rule + ": `" + token + "` needs a file before it"
                token = current + token
            current = token.split("::")[0]
            names.append(token)
        rows[rule] = (names, note)
    return rows


def order_key(srcs):
    # the table lists the rules tests first, then the other test files, then the scenarios
    rank = {}
    for k, (table_name, _, _) in enumerate(srcs):
        group = 0 if table_name.startswith("test_rules_") else 2 if "/" in table_name else 1
        rank[table_name] = (group, k)
    return rank


def cell_for(names, note, rank):
    names = sorted(names, key=lambda n: rank[n.split("::")[0]])  # stable: source order kept
    parts = []
    last = None
    for n in names:
        f, t = n.split("::")
        if f == last:
            parts[-1] += ", `::" + t + "`"
        else:
            parts.append("`" + n + "`")
        last = f
    cell = "; ".join(parts)
    return (cell + " " + note).strip() if note else cell


def rewritten(doc):
    # -> docs/rules.md with its table made from the tests' citations, notes kept
    ids = defined_rules(doc)
    by_rule, _ = citations(citation_pattern(ids))
    rows = table(doc)
    rank = order_key(sources())
    body = ""
    for i in ids:
        note = rows.get(i, ([], ""))[1]
        body += "| " + i + " | " + cell_for(by_rule.get(i, []), note, rank) + " |\n"
    start = doc.index(TABLE_HEAD) + len(TABLE_HEAD)
    end = start
    while doc.startswith("|", end):
        end = doc.index("\n", end) + 1
    return doc[:start] + body + doc[end:]


# -- the checks ------------------------------------------------------------------------

def test_every_cited_rule_exists():
    doc = read(DOC)
    ids = set(defined_rules(doc))
    cite = citation_pattern(ids)
    unknown = []
    places = [DOC, os.path.join(ROOT, "README.md")]
    for top in ("tests", "firmware", "host_tools"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", "node_modules")]
            places += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".py")]
    for path in places:
        for k, line in enumerate(read(path).split("\n"), 1):
            for i in cite.findall(line):
                if i not in ids:
                    unknown.append(os.path.relpath(path, ROOT) + ":" + str(k) + " " + i)
    assert not unknown, "cited, but docs/rules.md has no such rule:\n" + "\n".join(unknown)


def test_every_rules_test_cites_a_rule():
    _, by_test = citations(citation_pattern(defined_rules(read(DOC))))
    silent = [
        t
        for t, ids in by_test.items()
        if t.startswith("test_rules_") and t.split("::")[0] not in NOT_RULES_TESTS and not ids
    ]
    assert not silent, "these rules tests name no rule of docs/rules.md:\n" + "\n".join(silent)


def test_every_test_the_table_names_exists():
    known = set()
    for table_name, path, prefix in sources():
        known.update(table_name + "::" + name for name, _ in functions_in(path, prefix))
    missing = [r + ": " + n for r, (names, _) in table(read(DOC)).items() for n in names if n not in known]
    assert not missing, "docs/rules.md's table names tests that do not exist:\n" + "\n".join(missing)


def test_every_rule_has_a_test_or_says_why_not():
    doc = read(DOC)
    rows = table(doc)
    bare = [
        i
        for i in defined_rules(doc)
        if not rows.get(i, ([], ""))[0] and not rows.get(i, ([], ""))[1].endswith(")")
    ]
    assert not bare, "no test and no \"(not checked: reason)\" in the table: " + ", ".join(bare)
    extra = sorted(set(rows) - set(defined_rules(doc)))
    assert not extra, "the table has rows for rules docs/rules.md does not define: " + ", ".join(extra)


def test_the_table_is_what_the_tests_cite():
    doc = read(DOC)
    want = rewritten(doc)
    if want != doc:
        old = doc.split("\n")
        new = want.split("\n")
        diff = [ln for ln in new if ln not in old]
        raise AssertionError(
            "docs/rules.md's table differs from the tests' citations; "
            "`python tests/test_rules_doc.py` rewrites it. Rows as they should be:\n"
            + "\n".join(diff)
        )


if __name__ == "__main__":
    sys.path.insert(0, ROOT)
    text = rewritten(read(DOC))
    with open(DOC, "w", encoding="utf-8") as f:
        f.write(text)
    print("docs/rules.md: the rule -> tests table rewritten")
