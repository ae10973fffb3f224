package monty

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// The same case as bindings/python and bindings/js (`monty check bad.py
// --stubs s.pyi --json` reports these three errors).
const checkStubs = `
def get_weather(city: str, days: int = 1) -> dict[str, float]: ...
async def fetch_page(url: str) -> str: ...
`

const checkBad = `w = get_weather("Lima")
x = get_weather("Lima", 1, 2)
y = get_weather(3)
print(wether)
`

func TestCheckReportsStubErrors(t *testing.T) {
	ctx := context.Background()
	// without stubs the program compiles and nothing is declared: no error
	if err := testRunner.Check(ctx, checkBad); err != nil {
		t.Fatalf("Check without stubs: %v", err)
	}
	err := testRunner.Check(ctx, checkBad, WithStubs(checkStubs), WithFilename("agent.py"))
	var ce *CheckError
	if !errors.As(err, &ce) {
		t.Fatalf("want a *CheckError, got %T %v", err, err)
	}
	type pos struct {
		Line, Col       int
		Code, Type      string
		Severity        Severity
		EndLine, EndCol int
	}
	var got []pos
	for _, d := range ce.Diagnostics {
		got = append(got, pos{d.Line, d.Col, d.Code, d.Type, d.Severity, d.EndLine, d.EndCol})
	}
	want := []pos{
		{2, 28, "call-arity", "TypeError", SeverityError, 2, 29},
		{3, 17, "arg-type", "TypeError", SeverityError, 3, 18},
		{4, 7, "undefined-name", "NameError", SeverityError, 4, 13},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("diagnostics\n got %+v\nwant %+v", got, want)
	}
	wantText := "monty: the static check failed:\n" +
		"agent.py:2:28: call-arity: get_weather() takes from 1 to 2 positional arguments but 3 were given\n" +
		"agent.py:3:17: arg-type: get_weather() argument 'city' must be str, not int\n" +
		"agent.py:4:7: undefined-name: name 'wether' is not defined"
	if err.Error() != wantText {
		t.Fatalf("Error():\n%s\nwant:\n%s", err.Error(), wantText)
	}
	if len(ce.Errors()) != 3 || len(ce.Warnings()) != 0 {
		t.Fatalf("errors %v warnings %v", ce.Errors(), ce.Warnings())
	}
}

func TestCheckCorrectProgram(t *testing.T) {
	ctx := context.Background()
	code := "w = get_weather(\"Lima\", days=2)\nprint(w[\"temp\"])\n"
	if err := testRunner.Check(ctx, code, WithStubs(checkStubs)); err != nil {
		t.Fatalf("Check: %v", err)
	}
	rep, err := testRunner.Diagnose(ctx, code, WithStubs(checkStubs))
	if err != nil || !rep.Compiles || len(rep.Diagnostics) != 0 {
		t.Fatalf("Diagnose: %+v %v", rep, err)
	}
}

func TestCheckUndefinedNameNeedsADeclaration(t *testing.T) {
	ctx := context.Background()
	// an unbound name may be a host function declared at run time
	rep, err := testRunner.Diagnose(ctx, "print(wether)")
	if err != nil || len(rep.Diagnostics) != 0 || !reflect.DeepEqual(rep.UndefinedNames, []string{"wether"}) {
		t.Fatalf("no declarations: %+v %v", rep, err)
	}
	// input names and FuncDefs declare, as the run does
	err = testRunner.Check(ctx, "print(wether)", WithInputNames("weather"))
	var ce *CheckError
	if !errors.As(err, &ce) || len(ce.Diagnostics) != 1 || ce.Diagnostics[0].Code != "undefined-name" ||
		!strings.Contains(ce.Diagnostics[0].Message, "Did you mean: 'weather'?") {
		t.Fatalf("inputs: %v", err)
	}
	if err := testRunner.Check(ctx, "log(weather)", WithInputNames("weather"),
		WithExternalFunc(nil, Func("log", "x"))); err != nil {
		t.Fatalf("declared: %v", err)
	}
	err = testRunner.Check(ctx, "log(weather, 2)", WithInputNames("weather"), WithExternalFunc(nil, Func("log", "x")))
	if !errors.As(err, &ce) || ce.Diagnostics[0].Code != "call-arity" {
		t.Fatalf("arity of a FuncDef: %v", err)
	}
	err = testRunner.Check(ctx, "async def main():\n    x = fetch('u')\n    return x.upper()\n",
		WithExternalFunc(nil, AsyncFunc("fetch", "url")))
	if !errors.As(err, &ce) || ce.Diagnostics[0].Code != "async-not-awaited" {
		t.Fatalf("async FuncDef: %v", err)
	}
}

func TestCheckWarningsDoNotFail(t *testing.T) {
	ctx := context.Background()
	code := "async def main():\n    fetch_page('https://example.com')\n    return 1\n"
	if err := testRunner.Check(ctx, code, WithStubs(checkStubs)); err != nil {
		t.Fatalf("a warning failed the check: %v", err)
	}
	rep, err := testRunner.Diagnose(ctx, code, WithStubs(checkStubs))
	if err != nil {
		t.Fatal(err)
	}
	w := rep.Warnings()
	if len(w) != 1 || w[0].Code != "async-not-awaited" || w[0].Severity != SeverityWarning || w[0].Line != 2 ||
		w[0].String() != "main.py:2:5: async-not-awaited: coroutine 'fetch_page' was never awaited" {
		t.Fatalf("warnings %+v", w)
	}
	// next to an error, the warning is in Diagnostics, not in Error()
	err = testRunner.Check(ctx, code+"get_weather(1)\n", WithStubs(checkStubs))
	var ce *CheckError
	if !errors.As(err, &ce) || len(ce.Warnings()) != 1 || len(ce.Errors()) != 1 || strings.Contains(err.Error(), "never awaited") {
		t.Fatalf("error and warning: %v", err)
	}
}

func TestCheckCompileErrorsAndBadStubs(t *testing.T) {
	ctx := context.Background()
	var me *MontyError
	if err := testRunner.Check(ctx, "def f(:\n", WithStubs(checkStubs)); !errors.As(err, &me) || me.Type != "SyntaxError" {
		t.Fatalf("compile error: %v", err)
	}
	var ce *CheckError
	err := testRunner.Check(ctx, "x = 1", WithStubs("def broken(:\n"))
	if !errors.As(err, &ce) || ce.Diagnostics[0].Code != "stubs" {
		t.Fatalf("bad stubs: %v", err)
	}
}

func TestExecuteWithStubsChecksFirst(t *testing.T) {
	ctx := context.Background()
	called := false
	handler := WithExternalFunc(func(ctx context.Context, c *FunctionCall) (any, error) {
		called = true
		return map[string]any{"temp": 20.5}, nil
	}, Func("get_weather", "city", "days"))
	_, err := testRunner.Execute(ctx, "get_weather('Lima')\nget_weather(3)", nil, handler, WithStubs(checkStubs))
	var ce *CheckError
	if !errors.As(err, &ce) || called || ce.Diagnostics[0].Code != "arg-type" {
		t.Fatalf("want the check to stop the run: %v (called %v)", err, called)
	}
	v, err := testRunner.Execute(ctx, "get_weather(city)['temp']", map[string]any{"city": "Lima"}, handler, WithStubs(checkStubs))
	if err != nil || v != 20.5 || !called {
		t.Fatalf("a correct program: %v %v", v, err)
	}
}

func TestCwd(t *testing.T) {
	ctx := context.Background()
	var paths []any
	osFn := WithOsCallFunc(func(ctx context.Context, c *OsCall) (any, error) {
		if c.Function == "Path.read_bytes" {
			paths = append(paths, c.Args[0])
			if c.Args[0] == "/data/reports/in.txt" {
				return []byte("hello"), nil
			}
			return nil, &PyError{Type: "FileNotFoundError", Message: "No such file or directory"}
		}
		return nil, Raise("PermissionError", "denied")
	})
	code := "import os\nfrom pathlib import Path\n[os.getcwd(), Path('in.txt').read_text()]"
	v, err := testRunner.Execute(ctx, code, nil, WithCwd("/data/reports"), osFn)
	if err != nil || !reflect.DeepEqual(v, []any{"/data/reports", "hello"}) || !reflect.DeepEqual(paths, []any{"/data/reports/in.txt"}) {
		t.Fatalf("%#v %v %v", v, err, paths)
	}
	if v, err := testRunner.Execute(ctx, "import os\nos.getcwd()", nil); err != nil || v != "/" {
		t.Fatalf("default cwd: %v %v", v, err)
	}
	var ue *UsageError
	if _, err := testRunner.Execute(ctx, "1", nil, WithCwd("relative")); !errors.As(err, &ue) {
		t.Fatalf("relative cwd: %T %v", err, err)
	}
}
