"""TFA019 keras-symbolic-tensor-in-traced-function: a functional-API Keras tensor read by traced code."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator

from tfautofix.analysis.names import static_fact
from tfautofix.rule import Finding, Rule
from tfautofix.screen import Screen, last_name

#: ``keras.Input`` (canonical: ``tf.keras``, ``tf_keras`` and ``keras.layers`` spellings map here).
_INPUT = frozenset({"keras.Input", "keras.layers.Input"})
#: Calls that return Python facts about a tensor, not a tensor.
_STATIC = frozenset({"len", "int", "float", "str", "repr", "print", "isinstance", "type", "id", "getattr", "hasattr",
                     "int_shape", "shape", "ndim", "dtype", "is_keras_tensor", "count_params"})
#: Methods of models that run them on data, eagerly: what they return is no symbolic tensor.
_METHODS = frozenset({"predict", "predict_on_batch", "fit", "evaluate", "train_on_batch", "test_on_batch", "numpy"})
#: Seeds of the traced-code model whose code was measured failing on a symbolic tensor: compiled losses and
#: metrics, tf.functions (and what they call). Not yet: a ``Lambda``'s function capturing one (Keras 3 fails there too).
_GRAPH_SEEDS = ("given to compile", "decorated with", "wrapped by")
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
#: Attributes of a tensor that are facts about it, fine to read anywhere.
_FACTS = frozenset({"shape", "dtype", "name", "get_shape", "ndim"})
_FAILS = ("Keras 3: \"A KerasTensor cannot be used as input to a TensorFlow function\"; tf-keras: \"You are passing "
          "KerasTensor(...), an intermediate TF-Keras symbolic input/output, to a TF API...\"")
_FIX = ("add the term inside the model (a layer calling `self.add_loss(...)` on its inputs) or compute it from the "
        "model's outputs in a custom `train_step`")


class KerasSymbolicTensorInTracedFunction(Rule):
    code = "TFA019"
    name = "keras-symbolic-tensor-in-traced-function"
    summary = "a functional-API Keras tensor read by a compiled loss/metric or a tf.function: fit or the call fails"
    fixable = "display-only"
    contract = "exact"
    triggers = ("Input",)
    docs = """
A Keras functional model is built from symbolic tensors: `inputs = keras.Input(...)`,
`z_mean = Dense(2)(x)`. They stand for a shape and dtype while the model is built and
hold no value. A loss or metric given to `compile(...)`, or a `tf.function`, that reads
one (a closure over `z_mean`, `self.z_mean` set while building, or
`functools.partial(loss, samples=interpolated)`) is traced into the train step, where
that tensor belongs to no graph: `fit` fails. Measured on TF 2.21: Keras 3 raises
`ValueError: A KerasTensor cannot be used as input to a TensorFlow function`, tf-keras
2.x a `TypeError` ("You are passing KerasTensor(...), an intermediate TF-Keras symbolic
input/output, to a TF API that does not allow registering custom dispatchers"). Code
written for Keras 2 in TF 1's graph mode did this (the VAE and WGAN-GP losses of older
books).

Reported, not fixed (the rewrite is a design choice): compute the term inside the
model (a layer that calls `self.add_loss(...)` on its inputs), or from the model's
outputs in a custom `train_step`.

A value is symbolic when every binding of its name (or of `self.<attr>` in the class)
is: `Input(...)`, a call of a layer or model on a symbolic tensor (`Dense(2)(x)`,
`encoder(inputs)`), arithmetic and subscripts of those. Left alone: closures over
Python numbers, variables, layers and models (their weights are variables: fine),
names also bound to anything else. Not reported yet: a `Lambda` function capturing a
symbolic tensor (measured failing too: Keras 3 in `fit`, tf-keras when the model is built).
"""
    before = """\
import keras
import tensorflow as tf

inputs = keras.Input((4,))
z_mean = keras.layers.Dense(2)(inputs)
outputs = keras.layers.Dense(4)(z_mean)
model = keras.Model(inputs, outputs)

def kl_loss(y_true, y_pred):
    return tf.reduce_mean(tf.square(z_mean)) + tf.reduce_mean(tf.square(y_true - y_pred))

model.compile("adam", loss=kl_loss)
"""
    after = """\
import keras
import tensorflow as tf

class KLLoss(keras.layers.Layer):
    def call(self, z_mean):
        self.add_loss(tf.reduce_mean(tf.square(z_mean)))
        return z_mean

inputs = keras.Input((4,))
z_mean = KLLoss()(keras.layers.Dense(2)(inputs))
outputs = keras.layers.Dense(4)(z_mean)
model = keras.Model(inputs, outputs)
model.compile("adam", loss="mse")
"""

    def detect(self, screen: Screen) -> Iterator[Finding]:
        if not screen.calls_to(_INPUT):
            return
        symbolic = _Symbolic(screen)
        if not symbolic.keys:
            return
        model = screen.traced_code
        for function in sorted(model.traced_by(*_GRAPH_SEEDS), key=lambda f: (f.lineno, f.col_offset)):
            nodes = list(_own(function))
            facts = {id(n.value) for n in nodes if isinstance(n, ast.Attribute) and n.attr in _FACTS}  # `self.mu.shape`
            seen: set[str] = set()
            for node in nodes:
                if not isinstance(node, (ast.Name, ast.Attribute)) or not isinstance(node.ctx, ast.Load) or id(node) in facts:
                    continue
                key = symbolic.free_read(node, function)
                text = screen.code(node)
                if key is None or text in seen or not model.is_traced(function, node.lineno):
                    continue
                seen.add(text)
                yield self.finding(screen, node, (
                    f"`{text}` is a symbolic Keras tensor of a functional model (line {symbolic.origin(key)}), read by traced "
                    f"`{getattr(function, 'name', 'a lambda')}` ({model.why(function)[0].text}): the traced step cannot use it "
                    f"and fails ({_FAILS}); {_FIX}"))
        for arg in symbolic.bound_by_partial():
            yield self.finding(screen, arg, (
                f"`partial(...)` binds `{screen.code(arg)}`, a symbolic Keras tensor of a functional model, into a loss or "
                f"metric given to `compile`: the traced step cannot use it and fails ({_FAILS}); {_FIX}"))


class _Symbolic:
    """The names (``(scope, name)``) and ``self`` attributes (``(class, "self.attr")``) every binding of which is a
    symbolic Keras tensor: the greatest fixpoint, so ``x = Dense(8)(x)`` in a loop keeps ``x`` symbolic."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        values: dict[tuple, list[tuple[ast.AST, ast.AST | None]]] = defaultdict(list)  # key → (value, scope)
        other: set[tuple] = set()  # keys also bound otherwise: parameters, loop targets, `with`, imports...
        for scope in (None, *screen.outer):
            nodes = list(_own(screen.tree if scope is None else scope))
            assigned = set()
            for node in nodes:
                if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                    for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                        for element, value in _pairs(target, node.value):
                            assigned.add(id(element))
                            key = self._key(element, scope)
                            if key is None:
                                continue
                            if value is None or isinstance(node, ast.AugAssign) and not isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
                                other.add(key)
                            else:
                                values[key].append((value, scope))
            other.update((screen.scope_of(n.id, scope), n.id) for n in nodes
                         if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load) and id(n) not in assigned)
            if scope is not None:
                args = scope.args
                other.update((scope, a.arg) for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a)
        keys = {key for key in values if key not in other and not (key[0] is None and screen.imported(key[1]))}
        self.values = values
        while True:  # drop keys with a binding that is not symbolic, until none is dropped
            self.keys = keys
            kept = {key for key in keys if all(self.tensor(value, scope) for value, scope in values[key])}
            if kept == keys:
                break
            keys = kept

    def _key(self, target: ast.AST, function: ast.AST | None) -> tuple | None:
        if isinstance(target, ast.Name):
            return (self.screen.scope_of(target.id, function), target.id)
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
            cls = self.screen.class_around(function)
            return (cls, "self." + target.attr) if cls is not None else None
        return None

    def tensor(self, expr: ast.AST, scope: ast.AST | None) -> bool:
        """Is ``expr``, evaluated in ``scope``, a symbolic Keras tensor (given :attr:`keys`)? Not recursive:
        generated code has sums of thousands of terms."""
        screen = self.screen
        pending = [expr]
        while pending:
            expr = pending.pop()
            if isinstance(expr, ast.Call):
                if screen.names(expr.func) & _INPUT:
                    return True
                callee = last_name(expr.func)
                if callee is not None and (callee[:1].isupper() or callee in _STATIC or static_fact(screen.names(expr.func))):
                    continue  # `Model(inputs, outputs)`, `Dense(8)`: objects; `K.int_shape(x)`: facts
                if isinstance(expr.func, ast.Attribute) and (expr.func.attr in _METHODS or self.tensor(expr.func.value, scope)):
                    continue  # a method of a tensor (`x.numpy()`) or a model's eager one (`model.predict(x)`)
                pending += [e for arg in expr.args for e in (arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg])]
            elif isinstance(expr, (ast.Name, ast.Attribute)):
                key = self._key(expr, scope)
                if key is not None and key in self.keys:
                    return True
            elif isinstance(expr, ast.BinOp):
                pending += [expr.left, expr.right]
            elif isinstance(expr, ast.UnaryOp):
                pending.append(expr.operand)
            elif isinstance(expr, ast.Subscript):
                pending.append(expr.value)
        return False

    def free_read(self, node: ast.AST, function: ast.AST) -> tuple | None:
        """The key of the symbolic tensor ``node`` reads in ``function`` from outside it (a closure, a
        module-level name, ``self.<attr>``), if it does."""
        key = self._key(node, function)
        return key if key is not None and key in self.keys and key[0] is not function else None

    def origin(self, key: tuple) -> int:
        return min(getattr(value, "lineno", 0) for value, _ in self.values[key])

    def bound_by_partial(self) -> Iterator[ast.AST]:
        """``partial(f, ..., kw=tensor)`` given to ``compile(loss=/metrics=)``, directly, in a list, or
        through a name bound once: the bound symbolic arguments."""
        screen = self.screen
        for site in screen.sites(ast.Call):
            call = site.node
            if not (isinstance(call.func, ast.Attribute) and call.func.attr == "compile"):
                continue
            pending = [k.value for k in call.keywords if k.arg in ("loss", "metrics", "weighted_metrics")]
            while pending:
                expr = pending.pop()
                if isinstance(expr, (ast.List, ast.Tuple)):
                    pending += expr.elts
                elif isinstance(expr, ast.Dict):
                    pending += [v for v in expr.values if v is not None]
                elif isinstance(expr, ast.Name):
                    bound = self.values.get((screen.scope_of(expr.id, site.function), expr.id), [])
                    pending += [value for value, _ in bound[:1] if len(bound) == 1]
                elif isinstance(expr, ast.Call) and "functools.partial" in screen.names(expr.func):
                    for arg in (*expr.args[1:], *(k.value for k in expr.keywords)):
                        if self.tensor(arg, site.function):
                            yield arg


def _own(root: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``root``'s own scope: not inside the functions, lambdas and classes it defines."""
    pending = list(root.body) if isinstance(root, (ast.Module, *_DEFS)) else [root.body]
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, (*_DEFS, ast.Lambda, ast.ClassDef)):
            pending.extend(ast.iter_child_nodes(node))


def _pairs(target: ast.AST, value: ast.AST | None) -> Iterator[tuple[ast.AST, ast.AST | None]]:
    """(target, value) of an assignment, unpacking ``a, b = x`` (each a part of ``x``: symbolic if ``x`` is)."""
    if isinstance(target, (ast.Tuple, ast.List)):
        parts = value.elts if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts) else [value] * len(target.elts)
        for element, part in zip(target.elts, parts):
            yield from _pairs(element.value if isinstance(element, ast.Starred) else element, part)
    else:
        yield target, value
