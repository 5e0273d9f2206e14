"""The compiled core's stub (billiards/_billiards.pyi) names what the module has: every
function, constant and class, and every method and property of each class, no more and no
fewer; and each stub function takes the module's parameters by the same names."""

import ast
import inspect
import pathlib
import re

import billiards
from billiards import _billiards

STUB = pathlib.Path(billiards.__file__).with_name("_billiards.pyi")


def stub_tree():
    assert STUB.is_file(), f"no stub beside the package: {STUB}"
    return ast.parse(STUB.read_text())


def public(names):
    return {n for n in names if not n.startswith("_")}


def stub_members(node):
    """Top-level or class-level names a stub body defines."""
    names = {}
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.ClassDef)):
            names[item.name] = item
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            names[item.target.id] = item
    return names


def module_members(obj):
    skip = {"__doc__", "__file__", "__loader__", "__name__", "__package__", "__spec__"}
    return public(n for n in dir(obj) if n not in skip)


def test_the_stub_names_every_member_of_the_module():
    stub = stub_members(stub_tree())
    assert public(stub) == module_members(_billiards)


def test_the_stub_names_every_method_and_property_of_each_class():
    stub = stub_members(stub_tree())
    for name, node in stub.items():
        if not isinstance(node, ast.ClassDef) or name == "InputError":
            continue
        cls = getattr(_billiards, name)
        own = public(n for n in vars(cls) if not n.startswith("__"))
        assert public(stub_members(node)) - {"__init__"} == own, name


def signature_names(doc_line):
    """Parameter names of a pybind11 signature line 'name(a: T, b: T = 1) -> R'."""
    inside = doc_line[doc_line.index("(") + 1:doc_line.rindex(")")]
    return [p.split(":")[0].strip() for p in re.split(r",\s*(?![^\[]*\])", inside) if p.strip()]


def test_stub_functions_take_the_modules_parameter_names():
    stub = stub_members(stub_tree())
    checked = 0
    for name, node in stub.items():
        if isinstance(node, ast.FunctionDef):
            doc = getattr(_billiards, name).__doc__ or ""
            first = doc.strip().splitlines()[0]
            assert signature_names(first) == [a.arg for a in node.args.args], name
            checked += 1
    assert checked >= 10
    assert inspect.isclass(_billiards.MatchCore)
