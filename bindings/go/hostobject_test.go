package monty

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// database is a Go value given to the sandbox as a host object.
type database struct {
	name  string
	rows  map[string][]any
	mu    sync.Mutex
	calls []string
}

func (d *database) query(_ context.Context, call *FunctionCall) (any, error) {
	table, _ := call.Args["table"].(string)
	limit := int64(10)
	if l, ok := call.Args["limit"].(int64); ok {
		limit = l
	}
	d.mu.Lock()
	d.calls = append(d.calls, "query "+table)
	d.mu.Unlock()
	rows, ok := d.rows[table]
	if !ok {
		return nil, &PyError{Type: "LookupError", Message: "no table " + table}
	}
	if int64(len(rows)) > limit {
		rows = rows[:limit]
	}
	return rows, nil
}

func (d *database) fetch(_ context.Context, call *FunctionCall) (any, error) {
	time.Sleep(5 * time.Millisecond)
	return map[string]any{"db": d.name, "key": call.Args["key"]}, nil
}

// object declares d as a host object of class Database.
func (d *database) object() *HostObject {
	return &HostObject{
		Class: "Database",
		Attrs: map[string]any{"name": d.name},
		Methods: map[string]Method{
			"query": {Params: []string{"table", "limit"}, Func: d.query},
			"fetch": {Params: []string{"key"}, Async: true, Func: d.fetch},
		},
		Value: d,
	}
}

func newDB(name string) *database {
	return &database{name: name, rows: map[string][]any{"users": {"ada", "bob", "cy"}}}
}

func TestHostObjectInput(t *testing.T) {
	ctx := context.Background()
	db := newDB("main")
	v, err := testRunner.Execute(ctx, `(type(db).__name__, db.name, db.query("users", limit=2), db.query("users"), sorted(n for n in dir(db) if not n.startswith("_")))`,
		map[string]any{"db": db.object()})
	if err != nil {
		t.Fatal(err)
	}
	want := Tuple{"Database", "main", []any{"ada", "bob"}, []any{"ada", "bob", "cy"}, []any{"fetch", "name", "query"}}
	if !reflect.DeepEqual(v, want) {
		t.Fatalf("got %#v\nwant %#v", v, want)
	}
	if fmt.Sprint(db.calls) != "[query users query users]" {
		t.Fatalf("calls: %v", db.calls)
	}
}

func TestHostObjectToolResultPassedBack(t *testing.T) {
	ctx := context.Background()
	main, archive := newDB("main"), newDB("archive")
	objs := map[string]*HostObject{"main": main.object(), "archive": archive.object()}
	var seen []any
	handler := func(_ context.Context, call *FunctionCall) (any, error) {
		switch call.Name {
		case "open_db":
			return objs[call.Args["name"].(string)], nil
		case "db_name":
			seen = append(seen, call.Args["db"])
			return call.Args["db"].(*database).name, nil
		case "echo":
			return call.Args["x"], nil
		}
		return nil, fmt.Errorf("no %s", call.Name)
	}
	code := `
db = open_db("main")
a = open_db("archive")
(open_db("main") is db, echo(db) is db, echo([db])[0] is db, a is db, db_name(db), db_name(a), db)
`
	v, err := testRunner.Execute(ctx, code, nil, WithExternalFunc(handler, Func("open_db", "name"), Func("db_name", "db"), Func("echo", "x")))
	if err != nil {
		t.Fatal(err)
	}
	got := v.(Tuple)
	if !reflect.DeepEqual(got[:6], Tuple{true, true, true, false, "main", "archive"}) {
		t.Fatalf("got %#v", got)
	}
	if seen[0] != any(main) || seen[1] != any(archive) || got[6] != any(main) {
		t.Fatalf("not the same Go values: %#v %#v", seen, got[6])
	}
}

func TestHostObjectAsyncMethodsInGather(t *testing.T) {
	ctx := context.Background()
	code := `
import asyncio
async def go():
    return await asyncio.gather(a.fetch("k1"), b.fetch(key="k2"))
asyncio.run(go())
`
	v, err := testRunner.Execute(ctx, code, map[string]any{"a": newDB("main").object(), "b": newDB("archive").object()})
	if err != nil {
		t.Fatal(err)
	}
	want := []any{map[string]any{"db": "main", "key": "k1"}, map[string]any{"db": "archive", "key": "k2"}}
	if !reflect.DeepEqual(v, want) {
		t.Fatalf("got %#v", v)
	}
}

func TestHostObjectMethodError(t *testing.T) {
	ctx := context.Background()
	code := `
try:
    db.query("nope")
except LookupError as e:
    r = "LookupError: " + str(e)
r
`
	v, err := testRunner.Execute(ctx, code, map[string]any{"db": newDB("m").object()})
	if err != nil || v != "LookupError: no table nope" {
		t.Fatalf("got %#v, %v", v, err)
	}
	_, err = testRunner.Execute(ctx, `db.query("nope")`, map[string]any{"db": newDB("m").object()})
	var me *MontyError
	if !errors.As(err, &me) || !strings.Contains(me.Traceback, "LookupError: no table nope") {
		t.Fatalf("got %v", err)
	}
}

func TestHostObjectStepByStep(t *testing.T) {
	ctx := context.Background()
	db := newDB("main")
	ex, err := testRunner.Start(ctx, `db.query("users", 1)`, map[string]any{"db": db.object()})
	if err != nil {
		t.Fatal(err)
	}
	if !ex.MethodCall || ex.Name != "query" || ex.Object != any(db) || ex.Class != "Database" || ex.Args["table"] != "users" {
		t.Fatalf("paused at %+v", ex)
	}
	ex, err = ex.Resume([]any{"x"})
	if err != nil || !ex.Done || !reflect.DeepEqual(ex.Value, []any{"x"}) {
		t.Fatalf("got %+v, %v", ex, err)
	}
}

func TestHostObjectSession(t *testing.T) {
	ctx := context.Background()
	db := newDB("main")
	s, err := testRunner.NewSession(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Feed(ctx, "x = db", map[string]any{"db": db.object()}); err != nil {
		t.Fatal(err)
	}
	if v, err := s.Feed(ctx, `x.query("users", 1)`, nil); err != nil || !reflect.DeepEqual(v, []any{"ada"}) {
		t.Fatalf("got %#v, %v", v, err)
	}
	if v, err := s.Feed(ctx, "x", nil); err != nil || v != any(db) {
		t.Fatalf("got %#v, %v", v, err)
	}
}

func TestHostObjectBadDeclarations(t *testing.T) {
	f := func(context.Context, *FunctionCall) (any, error) { return nil, nil }
	for _, c := range []struct {
		o    *HostObject
		want string
	}{
		{&HostObject{Class: "not a name"}, "not a Python identifier"},
		{&HostObject{Class: "int"}, "builtin"},
		{&HostObject{Class: "X", Attrs: map[string]any{"class": 1}}, "not a Python identifier"},
		{&HostObject{Class: "X", Methods: map[string]Method{"__call__": {Func: f}}}, "dunder"},
		{&HostObject{Class: "X", Methods: map[string]Method{"q": {}}}, "no Func"},
		{&HostObject{Class: "X", Attrs: map[string]any{"q": 1}, Methods: map[string]Method{"q": {Func: f}}}, "declared twice"},
		{&HostObject{Class: "X", Methods: map[string]Method{"q": {Func: f, Params: []string{"a b"}}}}, "parameter"},
	} {
		if err := c.o.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q", c.o, err, c.want)
		}
		_, err := testRunner.Execute(context.Background(), "o", map[string]any{"o": c.o})
		var ce *ConversionError
		if !errors.As(err, &ce) || !strings.Contains(ce.Error(), c.want) {
			t.Errorf("%+v as an input: got %v", c.o, err)
		}
	}
	// a Go pointer with no wrapper is still no Python value
	if _, err := testRunner.Execute(context.Background(), "o", map[string]any{"o": make(chan int)}); err == nil {
		t.Error("a channel was accepted")
	}
}

func TestHostObjectMethodReturningItsValue(t *testing.T) {
	db := newDB("main")
	o := db.object()
	o.Methods["me"] = Method{Func: func(context.Context, *FunctionCall) (any, error) { return db, nil }}
	v, err := testRunner.Execute(context.Background(), "db.me() is db", map[string]any{"db": o})
	if err != nil || v != true {
		t.Fatalf("got %#v, %v", v, err)
	}
}
