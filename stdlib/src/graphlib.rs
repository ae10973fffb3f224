//! `graphlib`: `TopologicalSorter` (a native object: `add`, `prepare`,
//! `get_ready`, `done`, `is_active`, `static_order`) and `CycleError` (a
//! `ValueError` subclass made at import, raised with CPython's args
//! `('nodes are in a cycle', [...])` and the same cycle CPython finds).
//! Nodes are kept in a dict, so any hashable works and equal nodes are
//! one node, as in CPython.
//!
//! `static_order()` is lazy as CPython's generator is: it returns an
//! iterator (`itertools.chain` over the order) that prepares the sorter
//! and sorts it when first advanced.

use super::graphlib_data::{NodeInfo, TopoState, NODE_DONE, NODE_OUT};
use super::native::{call_method, has_method, receiver, Method};
use super::objects::NativeObj;
use super::{ModuleDef, NativeId};
use crate::object::{Dict, ExcType, Exception, HashKey, Obj, Value};
use crate::objects::{native_of, native_of_mut};
use crate::vm::{PyErr, PyResult, Vm};
use crate::ImportVm;

fn state(vm: &Vm, this: Value) -> &TopoState {
    match native_of(vm.heap.get(receiver(this))) {
        Some(NativeObj::TopoSorter(s)) => s,
        _ => unreachable!("a TopologicalSorter"),
    }
}

fn state_mut(vm: &mut Vm, this: Value) -> &mut TopoState {
    match native_of_mut(vm.heap.get_mut(receiver(this))) {
        Some(NativeObj::TopoSorter(s)) => s,
        _ => unreachable!("a TopologicalSorter"),
    }
}

/// The index of `node`, if it was added.
fn find(vm: &mut Vm, this: Value, node: Value) -> PyResult<Option<usize>> {
    // an unhashable node: CPython 3.13's message, not the dict's
    vm.hash_key(node)?;
    let index = state(vm, this).index;
    match call_method_value(vm, index, "get", vec![node])? {
        Value::Int(i) => Ok(Some(i as usize)),
        _ => Ok(None),
    }
}

fn call_method_value(vm: &mut Vm, recv: Value, name: &str, args: Vec<Value>) -> PyResult<Value> {
    crate::builtins::methods::call_method(vm, recv, name, args, Vec::new())
}

/// `_get_nodeinfo`: the index of `node`, added if new.
fn node_index(vm: &mut Vm, this: Value, node: Value) -> PyResult<usize> {
    if let Some(i) = find(vm, this, node)? {
        return Ok(i);
    }
    let st = state(vm, this);
    let (index, i) = (st.index, st.nodes.len());
    vm.set_item(index, node, Value::Int(i as i64))?;
    state_mut(vm, this).nodes.push(NodeInfo {
        node,
        npredecessors: 0,
        successors: Vec::new(),
    });
    Ok(i)
}

fn unexpected_keyword(method: &str, k: &str) -> PyErr {
    let accepted: &[&str] = if method == "add" { &["node"] } else { &[] };
    let hint = crate::vm::edit_distance::keyword_hint(k, accepted);
    PyErr::type_error(format!(
        "TopologicalSorter.{method}() got an unexpected keyword argument '{k}'{hint}"
    ))
}

fn not_prepared() -> PyErr {
    PyErr::value_error("prepare() must be called first")
}

/// `add(node, *predecessors)`.
fn add(vm: &mut Vm, this: Value, node: Value, preds: &[Value]) -> PyResult<()> {
    if state(vm, this).ready.is_some() {
        return Err(PyErr::value_error(
            "Nodes cannot be added after a call to prepare()",
        ));
    }
    let i = node_index(vm, this, node)?;
    state_mut(vm, this).nodes[i].npredecessors += preds.len() as i64;
    for &p in preds {
        let j = node_index(vm, this, p)?;
        state_mut(vm, this).nodes[j].successors.push(i);
    }
    Ok(())
}

/// `_find_cycle`: a cycle as node indices (first node repeated at the
/// end), found by the same depth-first walk as CPython's.
fn find_cycle(st: &TopoState) -> Option<Vec<usize>> {
    let n = st.nodes.len();
    let mut seen = vec![false; n];
    let mut pos: Vec<Option<usize>> = vec![None; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut next_succ: Vec<usize> = Vec::new();
    for start in 0..n {
        if seen[start] {
            continue;
        }
        let mut node = start;
        loop {
            if seen[node] {
                if let Some(i) = pos[node] {
                    let mut cycle = stack[i..].to_vec();
                    cycle.push(node);
                    return Some(cycle);
                }
            } else {
                seen[node] = true;
                next_succ.push(0);
                pos[node] = Some(stack.len());
                stack.push(node);
            }
            // back to the deepest node with a successor left
            let mut advanced = false;
            while let Some(&top) = stack.last() {
                let k = next_succ.last_mut().expect("one per stack entry");
                if let Some(&s) = st.nodes[top].successors.get(*k) {
                    *k += 1;
                    node = s;
                    advanced = true;
                    break;
                }
                pos[top] = None;
                stack.pop();
                next_succ.pop();
            }
            if !advanced {
                break;
            }
        }
    }
    None
}

/// Raises `CycleError('nodes are in a cycle', cycle)`.
fn cycle_error(vm: &mut Vm, cycle: Vec<Value>) -> PyErr {
    let msg = vm.new_str("nodes are in a cycle");
    let list = vm.new_list(cycle);
    let cls = vm
        .import_module("graphlib")
        .and_then(|m| vm.get_attr(m, "CycleError"));
    let mut e = Exception::new(ExcType::ValueError, vec![msg, list]);
    if let Ok(Value::Ref(c)) = cls {
        e.class = Some(c);
    }
    PyErr::Raise(vm.heap.new_value(Obj::Exception(Box::new(e))))
}

fn prepare(vm: &mut Vm, this: Value) -> PyResult<()> {
    let st = state_mut(vm, this);
    if st.ready.is_some() {
        return Err(PyErr::value_error("cannot prepare() more than once"));
    }
    let ready = (0..st.nodes.len())
        .filter(|&i| st.nodes[i].npredecessors == 0)
        .collect();
    st.ready = Some(ready);
    if let Some(cycle) = find_cycle(st) {
        let nodes = cycle.iter().map(|&i| st.nodes[i].node).collect();
        return Err(cycle_error(vm, nodes));
    }
    Ok(())
}

fn get_ready(vm: &mut Vm, this: Value) -> PyResult<Vec<Value>> {
    let st = state_mut(vm, this);
    let Some(ready) = st.ready.as_mut() else {
        return Err(not_prepared());
    };
    let out = std::mem::take(ready);
    for &i in &out {
        st.nodes[i].npredecessors = NODE_OUT;
    }
    st.npassedout += out.len();
    Ok(out.iter().map(|&i| st.nodes[i].node).collect())
}

fn is_active(vm: &Vm, this: Value) -> PyResult<bool> {
    let st = state(vm, this);
    let Some(ready) = &st.ready else {
        return Err(not_prepared());
    };
    Ok(st.nfinished < st.npassedout || !ready.is_empty())
}

fn done(vm: &mut Vm, this: Value, nodes: &[Value]) -> PyResult<()> {
    if state(vm, this).ready.is_none() {
        return Err(not_prepared());
    }
    for &node in nodes {
        let Some(i) = find(vm, this, node)? else {
            let r = vm.repr(node)?;
            return Err(PyErr::value_error(format!(
                "node {r} was not added using add()"
            )));
        };
        let stat = state(vm, this).nodes[i].npredecessors;
        if stat != NODE_OUT {
            let r = vm.repr(node)?;
            return Err(PyErr::value_error(if stat >= 0 {
                format!("node {r} was not passed out (still not ready)")
            } else {
                format!("node {r} was already marked done")
            }));
        }
        let st = state_mut(vm, this);
        st.nodes[i].npredecessors = NODE_DONE;
        for k in 0..st.nodes[i].successors.len() {
            let s = st.nodes[i].successors[k];
            st.nodes[s].npredecessors -= 1;
            if st.nodes[s].npredecessors == 0 {
                st.ready.as_mut().expect("prepared").push(s);
            }
        }
        st.nfinished += 1;
    }
    Ok(())
}

native! {
    /// `TopologicalSorter(graph=None)`.
    def fn topological_sorter as "TopologicalSorter"(vm, graph?) {
        let index = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
        let this = vm.heap.new_value(Obj::from(NativeObj::TopoSorter(Box::new(TopoState {
            index,
            nodes: Vec::new(),
            ready: None,
            npassedout: 0,
            nfinished: 0,
        }))));
        if let Some(g) = graph.filter(|g| !g.is_none()) {
            let items = call_method_value(vm, g, "items", Vec::new())?;
            for pair in vm.collect_iterable(items)? {
                let kv = vm.unpack_exact(pair, 2)?;
                let preds = vm.collect_iterable(kv[1])?;
                add(vm, this, kv[0], &preds)?;
            }
        }
        Ok(this)
    }

    /// The order of `static_order()`, computed when its iterator is first
    /// advanced.
    def fn _static_order(vm, this) {
        prepare(vm, this)?;
        let mut order = Vec::new();
        while is_active(vm, this)? {
            let group = get_ready(vm, this)?;
            order.extend(group.iter().copied());
            done(vm, this, &group)?;
        }
        Ok(vm.new_list(order))
    }
}

/// The methods of `TopologicalSorter`.
static METHODS: &[Method] = methods_table![
    add = ts_add,
    prepare = ts_prepare,
    get_ready = ts_get_ready,
    is_active = ts_is_active,
    done = ts_done,
    static_order = ts_static_order,
];

native! {
    /// `TopologicalSorter.add(node, *predecessors)` (a Python signature,
    /// bound here).
    builtin method ts_add(vm, this, *args, **kwargs) {
        let mut args = args;
        for (k, v) in kwargs {
            if k != "node" {
                return Err(unexpected_keyword("add", &k));
            }
            if !args.is_empty() {
                return Err(PyErr::type_error(
                    "TopologicalSorter.add() got multiple values for argument 'node'",
                ));
            }
            args.push(v);
        }
        let Some((&node, preds)) = args.split_first() else {
            return Err(PyErr::type_error(
                "TopologicalSorter.add() missing 1 required positional argument: 'node'",
            ));
        };
        add(vm, this, node, preds)?;
        Ok(Value::None)
    }

    /// `TopologicalSorter.prepare()`.
    def_method method ts_prepare as "TopologicalSorter.prepare"(vm, this) {
        prepare(vm, this)?;
        Ok(Value::None)
    }

    /// `TopologicalSorter.get_ready()`: a tuple of the nodes now ready.
    def_method method ts_get_ready as "TopologicalSorter.get_ready"(vm, this) {
        let nodes = get_ready(vm, this)?;
        Ok(vm.new_tuple(nodes))
    }

    /// `TopologicalSorter.is_active()`.
    def_method method ts_is_active as "TopologicalSorter.is_active"(vm, this) {
        is_active(vm, this).map(Value::Bool)
    }

    /// `TopologicalSorter.done(*nodes)`.
    builtin method ts_done(vm, this, *nodes, **kwargs) {
        if let Some((k, _)) = kwargs.first() {
            return Err(unexpected_keyword("done", k));
        }
        done(vm, this, &nodes)?;
        Ok(Value::None)
    }

    /// `TopologicalSorter.static_order()`: a lazy iterator over the nodes
    /// in a topological order.
    def_method method ts_static_order as "TopologicalSorter.static_order"(vm, this) {
        // chain.from_iterable(map(_static_order, [self])): nothing runs
        // until the first `next()`
        let func = native_id("_static_order");
        let one = vm.new_list(vec![this]);
        let map = vm.builtin_by_name("map")?;
        let lazy = vm.call_value(map, vec![func, one], Vec::new())?;
        let itertools = vm.import_module("itertools")?;
        let chain = vm.get_attr(itertools, "chain")?;
        let from_iterable = vm.get_attr(chain, "from_iterable")?;
        vm.call_value(from_iterable, vec![lazy], Vec::new())
    }
}

fn index() -> u16 {
    crate::module_index("graphlib")
}

fn native_id(name: &str) -> Value {
    Value::Native(MODULE.native_id(name))
}

/// The `TopologicalSorter` class: its constructor's id.
pub fn class_id() -> NativeId {
    NativeId {
        module: index(),
        func: 0,
    }
}

/// `type(x)` of a native object, if it is a `TopologicalSorter`.
pub fn class_of(o: &NativeObj) -> Option<NativeId> {
    matches!(o, NativeObj::TopoSorter(_)).then(class_id)
}

/// `repr(graphlib.TopologicalSorter)`.
pub fn class_repr(t: NativeId) -> Option<String> {
    (t == class_id()).then(|| "<class 'graphlib.TopologicalSorter'>".to_string())
}

/// `isinstance(v, graphlib.TopologicalSorter)`.
pub fn isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    (t == class_id()).then(|| {
        matches!(v, Value::Ref(id) if matches!(native_of(vm.heap.get(id)), Some(NativeObj::TopoSorter(_))))
    })
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let mut ns = Dict::new();
    let key = vm.new_str("__module__");
    let module = vm.new_str("graphlib");
    ns.insert(HashKey::Str("__module__".into()), key, module);
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    if let Ok(cls) = vm.build_class(
        "CycleError".into(),
        "CycleError".into(),
        vec![Value::ExcType(ExcType::ValueError)],
        ns,
    ) {
        attrs.push(("CycleError".into(), cls));
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "graphlib",
    // `TopologicalSorter` first: its index is `class_id`
    funcs: natives_table![TopologicalSorter = topological_sorter, _static_order],
    init,
};

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `graphlib.TopologicalSorter`.
pub struct TopoSorterType;

impl np::NativeType for TopoSorterType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "graphlib.TopologicalSorter"
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::TopoSorter(s) = o {
            f(s.index);
            s.nodes.iter().for_each(|n| f(n.node));
        }
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        has_method(METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        call_method(
            METHODS,
            "TopologicalSorter",
            vm,
            np::Value::Ref(id),
            name,
            args,
            kw,
        )
    }

    fn truthy(vm: &mut np::Vm, id: np::ObjId) -> bool {
        // `__bool__` is `is_active` (before `prepare()`, which would raise
        // there, false)
        is_active(vm, np::Value::Ref(id)).unwrap_or(false)
    }
}
