package monty

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var testRunner *Runner

const noNewline = " (no newline at end)"

func TestMain(m *testing.M) {
	cache := filepath.Join(os.TempDir(), "monty-go-test-cache")
	r, err := New(WithCompilationCache(cache))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testRunner = r
	if os.Getenv("MONTY_GO_HELPER") != "" {
		os.Exit(helperProcess())
	}
	code := m.Run()
	_ = r.Close()
	os.Exit(code)
}

// repoRoot is the repository holding this module (bindings/go/../..).
func repoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// toolServer forwards external calls to `python3 tests/tools.py`, the
// JSON-lines tool server of the tools__* cases.
type toolServer struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	mu    sync.Mutex
	next  int64
	wait  map[int64]chan map[string]json.RawMessage
	Funcs []FuncDef
	// the server's host objects (its Databases) by the server's ids: a
	// HostObject each, whose Value is a *remoteObject and whose methods
	// send method calls to the server
	objs *objectTable
}

// remoteObject is one of the tool server's host objects, on this side.
type remoteObject struct {
	id    int64
	class string
}

func startToolServer(t testing.TB) *toolServer {
	t.Helper()
	cmd := exec.Command("python3", filepath.Join(repoRoot(t), "tests", "tools.py"))
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("SKIPPED: cannot start python3 tests/tools.py: %v", err)
	}
	s := &toolServer{cmd: cmd, in: in, wait: map[int64]chan map[string]json.RawMessage{}, objs: newObjectTable()}
	rd := bufio.NewReader(out)
	line, err := rd.ReadBytes('\n')
	if err != nil {
		t.Fatal(err)
	}
	var decl struct {
		Functions []struct {
			Name   string   `json:"name"`
			Params []string `json:"params"`
			Async  bool     `json:"async"`
		} `json:"functions"`
	}
	if err := json.Unmarshal(line, &decl); err != nil {
		t.Fatal(err)
	}
	for _, f := range decl.Functions {
		d := Func(f.Name, f.Params...)
		if f.Async {
			d = AsyncFunc(f.Name, f.Params...)
		}
		s.Funcs = append(s.Funcs, d.InModule("tools"))
	}
	go func() {
		for {
			line, err := rd.ReadBytes('\n')
			if err != nil {
				return
			}
			var msg map[string]json.RawMessage
			if json.Unmarshal(line, &msg) != nil {
				continue
			}
			var id int64
			_ = json.Unmarshal(msg["id"], &id)
			s.mu.Lock()
			ch := s.wait[id]
			delete(s.wait, id)
			s.mu.Unlock()
			if ch != nil {
				ch <- msg
			}
		}
	}()
	t.Cleanup(func() { _ = in.Close(); _ = cmd.Wait() })
	return s
}

// Handle is an ExternalFunc: the Go values of the call are encoded again
// for the server and its answer decoded to Go values, so conversion is
// exercised both ways.
func (s *toolServer) Handle(ctx context.Context, call *FunctionCall) (any, error) {
	return s.send(ctx, call, "")
}

// send forwards a call (a method call when method names the object:
// `,"object":N,"method_call":true`); host objects go by the server's ids.
func (s *toolServer) send(ctx context.Context, call *FunctionCall, method string) (any, error) {
	args, err := encodeValueObjs(call.Positional, "args", s.objs)
	if err != nil {
		return nil, err
	}
	kwargs, err := encodeValueObjs(call.Kwargs, "kwargs", s.objs)
	if err != nil {
		return nil, err
	}
	ch := make(chan map[string]json.RawMessage, 1)
	s.mu.Lock()
	s.next++
	id := s.next
	s.wait[id] = ch
	name, _ := json.Marshal(call.Name)
	_, err = fmt.Fprintf(s.in, "{\"id\":%d,\"name\":%s%s,\"args\":%s,\"kwargs\":%s}\n", id, name, method, args, kwargs)
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	select {
	case msg := <-ch:
		if e, ok := msg["error"]; ok {
			var pe struct{ Type, Message string }
			_ = json.Unmarshal(e, &pe)
			return nil, &PyError{Type: pe.Type, Message: pe.Message}
		}
		return s.fromServer(msg["value"])
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// fromServer decodes a value of the server: its `$object` declarations
// become HostObjects (one per server id), the rest Go values.
func (s *toolServer) fromServer(raw json.RawMessage) (any, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var tree any
	if err := d.Decode(&tree); err != nil {
		return nil, err
	}
	if err := s.register(tree); err != nil {
		return nil, err
	}
	v, err := decodeJSON(raw, true)
	if err != nil {
		return nil, err
	}
	// the server's references are its ids: our HostObjects for them
	return swapRefs(v, func(r HostObjectRef) any {
		s.objs.mu.Lock()
		defer s.objs.mu.Unlock()
		if o := s.objs.byID[r.ID]; o != nil {
			return o
		}
		return r
	}), nil
}

// swapRefs replaces each HostObjectRef in v by f's answer.
func swapRefs(v any, f func(HostObjectRef) any) any {
	switch x := v.(type) {
	case HostObjectRef:
		return f(x)
	case []any:
		for i := range x {
			x[i] = swapRefs(x[i], f)
		}
	case Tuple:
		for i := range x {
			x[i] = swapRefs(x[i], f)
		}
	case Dict:
		for i := range x {
			x[i].Value = swapRefs(x[i].Value, f)
		}
	}
	return v
}

func (s *toolServer) register(x any) error {
	switch t := x.(type) {
	case []any:
		for _, e := range t {
			if err := s.register(e); err != nil {
				return err
			}
		}
	case map[string]any:
		if d, ok := t["$object"].(map[string]any); ok && len(t) == 1 {
			n, _ := d["id"].(json.Number)
			id, err := n.Int64()
			if err != nil {
				return err
			}
			class, _ := d["class"].(string)
			s.objs.mu.Lock()
			_, known := s.objs.byID[id]
			s.objs.mu.Unlock()
			if known {
				return nil
			}
			o := &HostObject{Class: class, Attrs: map[string]any{}, Methods: map[string]Method{}, Value: &remoteObject{id, class}}
			if attrs, ok := d["attrs"].(map[string]any); ok {
				for k, a := range attrs {
					b, _ := json.Marshal(a)
					v, err := decodeJSON(b, true)
					if err != nil {
						return err
					}
					o.Attrs[k] = v
				}
			}
			methods, _ := d["methods"].([]any)
			for _, m := range methods {
				mm, _ := m.(map[string]any)
				name, _ := mm["name"].(string)
				isAsync, _ := mm["async"].(bool)
				var params []string
				ps, _ := mm["params"].([]any)
				for _, p := range ps {
					ps, _ := p.(string)
					params = append(params, ps)
				}
				tag := fmt.Sprintf(",\"object\":%d,\"method_call\":true", id)
				o.Methods[name] = Method{Params: params, Async: isAsync, Func: func(ctx context.Context, call *FunctionCall) (any, error) {
					return s.send(ctx, call, tag)
				}}
			}
			s.objs.mu.Lock()
			if _, known := s.objs.byID[id]; !known {
				s.objs.byID[id] = o
				s.objs.ids[o] = id
				s.objs.byValue[o.Value] = id
			}
			s.objs.mu.Unlock()
			return nil
		}
		for _, e := range t {
			if err := s.register(e); err != nil {
				return err
			}
		}
	}
	return nil
}

type expected struct {
	exit           int
	stdout, stderr string
}

func readExpected(t testing.TB, path string) expected {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	var e expected
	i := 0
	if strings.HasPrefix(lines[i], "# @generated") {
		i++
	}
	if _, err := fmt.Sscanf(lines[i], "--- exit %d", &e.exit); err != nil {
		t.Fatalf("%s: bad exit line %q", path, lines[i])
	}
	i++
	if !strings.HasPrefix(lines[i], "--- stdout") {
		t.Fatalf("%s: no stdout section", path)
	}
	i++
	errAt := -1
	for j := len(lines) - 1; j > i; j-- {
		if strings.HasPrefix(lines[j], "--- stderr") {
			errAt = j
			break
		}
	}
	if errAt < 0 {
		t.Fatalf("%s: no stderr section", path)
	}
	section := func(header string, body []string) string {
		text := strings.Join(body, "")
		if strings.HasSuffix(strings.TrimRight(header, "\n"), noNewline) {
			text = strings.TrimSuffix(text, "\n")
		}
		return text
	}
	e.stdout = section(lines[i-1], lines[i:errAt])
	e.stderr = section(lines[errAt], lines[errAt+1:])
	return e
}

// outputs collects the print function's streams.
type outputs struct {
	mu             sync.Mutex
	stdout, stderr strings.Builder
}

func (o *outputs) print(stream, text string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if stream == "stderr" {
		o.stderr.WriteString(text)
	} else {
		o.stdout.WriteString(text)
	}
}
