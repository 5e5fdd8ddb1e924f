"""ConceptPortal's template markup (``@{X1|plur,nomn}``) rendered as the
Portal shows it: the form the file gives, else the term (its own
references rendered), else the alias."""

from __future__ import annotations

import pytest

from setmine.rsl.markup import has_markup, render, rendered
from setmine.rsl.schemafile import Constituent, SchemaText

CELLS = (
    Constituent("X1", term="ячейка", forms=(("ячейки", ("plur", "nomn")),
                                            ("ячеек", ("plur", "gent")),
                                            ("ячейку", ("sing", "accs")))),
    Constituent("S1", "ℬ(X1)", term="открытые @{X1|plur,nomn}"),
    Constituent("D1", "X1\\S1", term="закрытые @{X1|plur,nomn}"),
    Constituent("D2", "D1", term="@{D1|sing,nomn} кроме @{S1|plur,gent}"),
    Constituent("D3", "X1", term="@{D4|sing,nomn}"),     # D3 and D4 name each other
    Constituent("D4", "X1", term="то же, что @{D3|sing,nomn}"),
    Constituent("D5", "X1", term="@{D5|sing,nomn} сам"),  # names itself
    Constituent("D6", "X1", term=""),                     # no term
)

CASES = [
    # (what, text, shown)
    ("no markup", "клетки поля", "клетки поля"),
    ("the form the file gives", "все @{X1|plur,nomn}", "все ячейки"),
    ("another form", "множество @{X1|plur,gent}", "множество ячеек"),
    ("tags in another order, spaces", "@{X1| nomn , plur}", "ячейки"),
    ("a form whose tags are among the reference's", "@{X1|sing,accs,anim}", "ячейку"),
    ("a form the file does not give: the term", "@{X1|plur,datv}", "ячейка"),
    ("no tags: the term", "@{X1|}", "ячейка"),
    ("an entity missing: its alias", "кроме @{D9|sing,nomn}", "кроме D9"),
    ("a constituent with no form: its term", "@{S1|sing,gent}", "открытые ячейки"),
    ("nested references", "@{D2|plur,nomn}", "закрытые ячейки кроме открытые ячейки"),
    ("a cycle of two ends at the alias", "@{D3|sing,nomn}", "то же, что D3"),
    ("a cycle through itself", "@{D5|sing,nomn}", "D5 сам"),
    ("no term: the alias", "@{D6|sing,nomn}", "D6"),
    ("a syntactic reference: its word as written", "@{X1|plur,nomn} @{-1|открытый}",
     "ячейки открытый"),
    ("not a reference: left as written", "@{0|x} and @{X1} and a@{b", "@{0|x} and @{X1} and a@{b"),
    ("two references in a row", "@{X1|plur,nomn}@{X1|plur,gent}", "ячейкиячеек"),
]


@pytest.mark.parametrize("what, text, shown", CASES, ids=[c[0] for c in CASES])
def test_markup_is_rendered_as_the_portal_shows_it(what, text, shown):
    assert render(text, CELLS) == shown


def test_a_schema_is_rendered_in_every_text_and_kept_raw_without_markup():
    schema = SchemaText(CELLS + (Constituent("D7", "X1", term="t",
                                             convention="не @{S1|plur,nomn}",
                                             text="@{X1|plur,gent} нет"),))
    out = {c.alias: c for c in rendered(schema).constituents}
    assert out["D1"].term == "закрытые ячейки"
    assert (out["D7"].convention, out["D7"].text) == ("не открытые ячейки", "ячеек нет")
    assert not any(has_markup(getattr(c, k)) for c in out.values()
                   for k in ("term", "text", "convention"))
    assert schema.constituents[1].term == "открытые @{X1|plur,nomn}"   # the original untouched
    plain = SchemaText((Constituent("X1", term="cells"),))
    assert rendered(plain) is plain
