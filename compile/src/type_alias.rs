//! `type X[T] = value` (PEP 695): the value is evaluated lazily, on first
//! access of `X.__value__`, so it may name `X` itself or names defined
//! later. It is compiled as a function of its own scope, whose parameters
//! are the alias's type parameters, handed with the alias name and the
//! parameters' spelling (`"T"`, `"*Ts"`, `"**P"`) to
//! `typing._lazy_type_alias`, which makes the `TypeAliasType`; the
//! statement then binds the alias name.

use rustpython_parser::ast::{self, Expr};

use super::bytecode::{Const, Op};
use super::{CResult, CompileError, Compiler, FunctionBody};

/// The type parameters of an alias as the parameters of its value's
/// function (the symbol table binds them with the same list).
pub(crate) fn type_param_args(params: &[ast::TypeParam]) -> ast::Arguments {
    let arg = |name: &ast::Identifier| ast::ArgWithDefault {
        range: Default::default(),
        def: ast::Arg {
            range: Default::default(),
            arg: name.clone(),
            annotation: None,
            type_comment: None,
        },
        default: None,
    };
    ast::Arguments {
        range: Default::default(),
        posonlyargs: Vec::new(),
        args: params.iter().map(|p| arg(type_param_name(p))).collect(),
        vararg: None,
        kwonlyargs: Vec::new(),
        kwarg: None,
    }
}

fn type_param_name(p: &ast::TypeParam) -> &ast::Identifier {
    match p {
        ast::TypeParam::TypeVar(t) => &t.name,
        ast::TypeParam::ParamSpec(t) => &t.name,
        ast::TypeParam::TypeVarTuple(t) => &t.name,
    }
}

/// How the runtime is told a parameter's kind: its name as written.
fn type_param_spelling(p: &ast::TypeParam) -> String {
    match p {
        ast::TypeParam::TypeVar(t) => t.name.to_string(),
        ast::TypeParam::ParamSpec(t) => format!("**{}", t.name),
        ast::TypeParam::TypeVarTuple(t) => format!("*{}", t.name),
    }
}

impl<'a> Compiler<'a> {
    pub(crate) fn type_alias(&mut self, t: &'a ast::StmtTypeAlias, line: u32) -> CResult<()> {
        let Expr::Name(name) = &*t.name else {
            return Err(CompileError::syntax(
                "cannot assign to this expression in a type alias".into(),
                line,
            ));
        };
        let name = name.id.as_str();
        let typing = self.name_idx("typing");
        self.emit(Op::ImportName(typing, 1));
        let maker = self.name_idx("_lazy_type_alias");
        self.emit(Op::LoadAttr(maker));
        let k = self.add_const(Const::Str(name.to_string()));
        self.emit(Op::LoadConst(k));
        let child = self.st.scope_of(t);
        let args = type_param_args(&t.type_params);
        let flags = self.push_closure(child)?;
        let code = self.function_code(child, name, &args, line, FunctionBody::Lambda(&t.value))?;
        self.unit().line = line;
        self.emit(Op::MakeFunction(code, flags));
        let spelled = t.type_params.iter().map(type_param_spelling);
        let k = self.add_const(Const::Tuple(spelled.map(Const::Str).collect()));
        self.emit(Op::LoadConst(k));
        self.emit(Op::Call(3));
        self.store_name(name);
        Ok(())
    }
}
