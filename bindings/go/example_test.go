package monty_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	monty "github.com/monty-sandbox/monty/bindings/go"
)

func ExampleRunner_Execute() {
	r, err := monty.New(monty.WithCompilationCache(filepath.Join(os.TempDir(), "monty-go-test-cache")))
	if err != nil {
		panic(err)
	}
	defer r.Close()
	v, err := r.Execute(context.Background(), "w = get_weather('Paris')\nprint(w['sky'])\nw['celsius'] * 2", nil,
		monty.WithExternalFunc(func(ctx context.Context, c *monty.FunctionCall) (any, error) {
			return map[string]any{"sky": "cloudy in " + c.Args["city"].(string), "celsius": 14.5}, nil
		}, monty.Func("get_weather", "city")),
		monty.WithLimits(monty.Limits{MaxDuration: 5 * time.Second, MaxMemoryBytes: 64 << 20}),
		monty.WithPrintFunc(func(stream, text string) { fmt.Print(text) }))
	fmt.Println(v, err)
	_, err = r.Execute(context.Background(), "1 / 0", nil)
	var me *monty.MontyError
	if errors.As(err, &me) {
		fmt.Println(me.Type, "-", me.Message)
	}
	// Output:
	// cloudy in Paris
	// 29 <nil>
	// ZeroDivisionError - division by zero
}

func ExampleRunner_Start() {
	r, err := monty.New(monty.WithCompilationCache(filepath.Join(os.TempDir(), "monty-go-test-cache")))
	if err != nil {
		panic(err)
	}
	defer r.Close()
	ctx := context.Background()
	ex, err := r.Start(ctx, "a = add(1, b=2)\na * 10", nil, monty.WithExternalFunc(nil, monty.Func("add", "a", "b")))
	if err != nil {
		panic(err)
	}
	fmt.Println(ex.Name, ex.Args["a"], ex.Args["b"], ex.Positional, ex.Kwargs)
	snapshot := ex.Snapshot() // could be restored in another process
	ex.Close()
	ex, err = r.Restore(ctx, snapshot)
	if err != nil {
		panic(err)
	}
	ex, err = ex.Resume(3)
	fmt.Println(ex.Done, ex.Value, err)
	// Output:
	// add 1 2 [1] map[b:2]
	// true 30 <nil>
}

func ExampleRunner_Check() {
	r, err := monty.New(monty.WithCompilationCache(filepath.Join(os.TempDir(), "monty-go-test-cache")))
	if err != nil {
		panic(err)
	}
	defer r.Close()
	ctx := context.Background()
	stubs := monty.WithStubs("def get_weather(city: str, days: int = 1) -> dict[str, float]: ...")
	err = r.Check(ctx, "get_weather('Lima', 1, 2)\nget_weather(3)", stubs)
	var ce *monty.CheckError
	if errors.As(err, &ce) {
		fmt.Println(err)
		fmt.Println(ce.Diagnostics[0].Code, ce.Diagnostics[0].Line, ce.Diagnostics[0].Col)
	}
	fmt.Println(r.Check(ctx, "get_weather('Lima', days=2)", stubs))
	// Output:
	// monty: the static check failed:
	// main.py:1:24: call-arity: get_weather() takes from 1 to 2 positional arguments but 3 were given
	// main.py:2:13: arg-type: get_weather() argument 'city' must be str, not int
	// call-arity 1 24
	// <nil>
}

func ExampleRunner_NewSession() {
	r, err := monty.New(monty.WithCompilationCache(filepath.Join(os.TempDir(), "monty-go-test-cache")))
	if err != nil {
		panic(err)
	}
	defer r.Close()
	ctx := context.Background()
	users := monty.WithExternalFunc(func(ctx context.Context, c *monty.FunctionCall) (any, error) {
		return map[string]any{"id": c.Args["id"], "name": fmt.Sprintf("user%d", c.Args["id"])}, nil
	}, monty.Func("fetch_user", "id"))
	s, err := r.NewSession(ctx, users)
	if err != nil {
		panic(err)
	}
	defer s.Close()
	_, err = s.Feed(ctx, "users = [fetch_user(i) for i in range(3)]", nil, monty.WithFilename("cell1.py"))
	fmt.Println(err)
	_, err = s.Feed(ctx, "users[7]", nil, monty.WithFilename("cell2.py"))
	var me *monty.MontyError
	if errors.As(err, &me) {
		fmt.Println(me.Type, "- the session goes on")
	}
	snap, _ := s.Snapshot()
	again, _, err := r.RestoreSession(ctx, snap, users)
	if err != nil {
		panic(err)
	}
	defer again.Close()
	fmt.Println(again.Feed(ctx, "[u['name'] for u in users]", nil))
	// Output:
	// <nil>
	// IndexError - the session goes on
	// [user0 user1 user2] <nil>
}
