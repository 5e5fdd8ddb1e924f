"""A model's values from JSON and back: for every type and every value of
it, decode(encode(v)) is v in both encodings, members in the reference's
order; and the reference's order is what it says (numbers ascending,
shorter arrays first, then element by element)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.model.decode import Encoding, Label, Universe, decode, encode, reference_order
from setmine.rsl.semantics.types import INTEGER, Element, SetType, TupleType

NAMES = {"X1": {0: "a", 1: "b", 2: "c"}, "X2": {0: "p", 5: "q"}, "C1": {3: "3", 10: "10"}}
LABELS = {a: {i: Label(i, n) for i, n in names.items()} for a, names in NAMES.items()
          if a.startswith("X")}
UNIVERSE = Universe(NAMES, LABELS)
KINDS = {"X1": "basic", "X2": "basic", "C1": "constant"}

ELEMENTS = st.sampled_from([Element("X1"), Element("X2"), Element("C1"), INTEGER])
TYPES = st.recursive(ELEMENTS, lambda inner: st.one_of(
    st.builds(SetType, inner),
    st.lists(inner, min_size=2, max_size=3).map(lambda fs: TupleType(tuple(fs)))), max_leaves=5)


def values_of(typ):
    if isinstance(typ, Element):
        pool = list(LABELS[typ.name].values()) if typ.name in LABELS else list(NAMES[typ.name])
        return st.sampled_from(pool)
    if typ == INTEGER:
        return st.integers(-200, 200)
    if isinstance(typ, TupleType):
        return st.tuples(*(values_of(f) for f in typ.factors))
    return st.frozensets(values_of(typ.base), max_size=4)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_decode_inverts_encode_in_both_encodings(data):
    typ = data.draw(TYPES)
    value = data.draw(values_of(typ))
    for encoding in Encoding:
        raw = encode(value, typ, UNIVERSE, encoding, KINDS)
        back = decode(raw, typ, UNIVERSE, encoding, KINDS)
        assert back == value
        if isinstance(typ, SetType) and encoding is Encoding.INDEX:
            assert raw == sorted(raw, key=reference_order)


def test_the_reference_order():
    assert sorted([[1, 2], 3, [0], -1], key=reference_order) == [-1, 3, [0], [1, 2]]
    assert sorted([[-111, 2, 0], [-111, 1, 5]], key=reference_order) == \
        [[-111, 1, 5], [-111, 2, 0]]


def test_an_element_is_its_index_carrying_its_name():
    ann = Label(0, "Ann")
    assert ann == 0 and hash(ann) == hash(0) and str(ann) == "Ann"
    import pickle
    back = pickle.loads(pickle.dumps(ann))
    assert back == 0 and back.name == "Ann"
    decoded = decode(["a", "c"], SetType(Element("X1")), UNIVERSE, Encoding.NAME, KINDS)
    assert sorted(e.name for e in decoded) == ["a", "c"]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-300, 300) | st.floats()
                    | st.text(max_size=3) | st.just(-111),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=2), inner, max_size=2), max_leaves=10)


@settings(max_examples=400, deadline=None)
@given(TYPES, JSON, st.sampled_from(list(Encoding)))
def test_any_json_is_read_or_refused_with_a_value_problem(typ, raw, encoding):
    from setmine.model.decode import ValueProblem
    try:
        decode(raw, typ, UNIVERSE, encoding, KINDS)
    except ValueProblem as exc:
        assert str(exc)
