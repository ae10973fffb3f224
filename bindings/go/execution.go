// Pauses and resumes: the Execution a step returns, its Resume/Fail/
// ResumeWait/Continue/Finish methods, answering calls and os calls with the
// run's handlers, and decoding the guest's progress replies.

package monty

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// Execution is the state of a run after a step: Done with a Value, or
// paused at a call (Kind "call", "os_call" or "wait").
type Execution struct {
	rn   *run
	used bool
	mu   sync.Mutex

	Done  bool
	Value any
	Repr  string // repr() of Value, as the guest gives it

	// Kind is "call", "os_call" or "wait" when paused.
	Kind string
	// The paused call (Kind "call" or "os_call"; for os calls Name is the
	// function, e.g. "Path.read_bytes").
	ID         int64
	Name       string
	Args       map[string]any
	Positional []any
	Kwargs     map[string]any
	// For a host object's method (Kind "call"): as in FunctionCall.
	MethodCall bool
	Object     any
	Class      string
	objectID   int64
	// Kind "wait": the async calls announced (all may run at once), and
	// the sandbox time to the next timer, if any.
	Calls []*FunctionCall
	Sleep *float64
}

// Result answers one call of a wait (ResumeWait).
type Result struct {
	ID    int64
	Value any
	Err   error
}

func (ex *Execution) take() error {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	if ex.used || ex.rn == nil || ex.rn.closed {
		return ErrResumed
	}
	if ex.Done {
		return &UsageError{"the execution is complete: nothing to resume"}
	}
	ex.used = true
	return nil
}

// Resume answers the paused call with value and runs to the next pause.
func (ex *Execution) Resume(value any) (*Execution, error) {
	if ex.Kind == "wait" {
		return nil, &UsageError{"a wait is answered with ResumeWait"}
	}
	if err := ex.take(); err != nil {
		return nil, err
	}
	reply, err := ex.rn.reply(ex.ID, value, nil, fmt.Sprintf("result of %s", ex.Name))
	if err != nil {
		ex.rn.close()
		return nil, err
	}
	return ex.rn.step("resume", reply)
}

// Fail raises pyType(message) at the paused call.
func (ex *Execution) Fail(pyType, message string) (*Execution, error) {
	if ex.Kind == "wait" {
		return nil, &UsageError{"a wait is answered with ResumeWait"}
	}
	if err := ex.take(); err != nil {
		return nil, err
	}
	reply, _ := ex.rn.reply(ex.ID, nil, &PyError{Type: pyType, Message: message}, "")
	return ex.rn.step("resume", reply)
}

// ResumeWait answers some (at least one, unless the wait has a Sleep) of
// the async calls in flight; elapsed is the time that passed.
func (ex *Execution) ResumeWait(results []Result, elapsed time.Duration) (*Execution, error) {
	if err := ex.take(); err != nil {
		return nil, err
	}
	parts := make([]string, 0, len(results))
	for _, res := range results {
		b, err := ex.rn.reply(res.ID, res.Value, res.Err, fmt.Sprintf("result of call %d", res.ID))
		if err != nil {
			ex.rn.close()
			return nil, err
		}
		parts = append(parts, string(b))
	}
	msg := fmt.Sprintf(`{"results":[%s],"elapsed":%g}`, strings.Join(parts, ","), elapsed.Seconds())
	return ex.rn.step("resume", []byte(msg))
}

// Close ends the run (the instance is freed). Safe to call at any time.
func (ex *Execution) Close() {
	if ex.rn != nil {
		ex.rn.close()
	}
}

// Continue runs a paused execution to the end with the handlers of its
// options (as Execute does) and returns the program's value.
func (ex *Execution) Continue() (any, error) {
	done, err := ex.Finish()
	if err != nil {
		return nil, err
	}
	return done.Value, nil
}

// Finish is Continue returning the completed Execution (Value and Repr).
func (ex *Execution) Finish() (*Execution, error) {
	rn := ex.rn
	defer rn.close()
	for {
		if ex.Done {
			return ex, nil
		}
		var err error
		switch ex.Kind {
		case "call":
			ex, err = rn.answerCall(ex)
		case "os_call":
			ex, err = rn.answerOsCall(ex)
		case "wait":
			ex, err = rn.answerWait(ex)
		default:
			return nil, &InternalError{Message: "unknown pause " + ex.Kind}
		}
		if err != nil {
			return nil, err
		}
	}
}

func (rn *run) countSuspension() error {
	rn.suspensions++
	if m := rn.cfg.limits.MaxSuspensions; m > 0 && rn.suspensions > m {
		le := &LimitError{Kind: LimitCalls, Message: fmt.Sprintf("more than %d host calls", m)}
		rn.lose("a cell hit a limit (" + le.Message + ")")
		rn.close()
		return le
	}
	return nil
}

func (rn *run) answerCall(ex *Execution) (*Execution, error) {
	if err := rn.countSuspension(); err != nil {
		return nil, err
	}
	if rn.cfg.external == nil && !ex.MethodCall {
		return ex.Fail("NameError", fmt.Sprintf("name '%s' is not defined (no external function handler)", ex.Name))
	}
	v, err := rn.safeCall(&FunctionCall{ID: ex.ID, CallID: uint32(ex.ID), Name: ex.Name, Args: ex.Args, Positional: ex.Positional, Kwargs: ex.Kwargs,
		MethodCall: ex.MethodCall, Object: ex.Object, Class: ex.Class, objectID: ex.objectID})
	if err := ex.take(); err != nil {
		return nil, err
	}
	reply, rerr := rn.reply(ex.ID, v, err, "result of "+ex.Name)
	if rerr != nil {
		rn.close()
		return nil, rerr
	}
	return rn.step("resume", reply)
}

func (rn *run) safeCall(call *FunctionCall) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the host function %s panicked: %v", call.Name, p)
		}
	}()
	if call.MethodCall {
		_, m, ok := rn.objs.method(call.objectID, call.Name)
		if !ok {
			return nil, &PyError{Type: "AttributeError", Message: fmt.Sprintf("'%s' object has no attribute '%s'", call.Class, call.Name)}
		}
		return m.Func(rn.ctx, call)
	}
	if rn.cfg.external == nil {
		return nil, &PyError{Type: "NameError", Message: fmt.Sprintf("name '%s' is not defined (no external function handler)", call.Name)}
	}
	return rn.cfg.external(rn.ctx, call)
}

func (rn *run) answerOsCall(ex *Execution) (*Execution, error) {
	if err := rn.countSuspension(); err != nil {
		return nil, err
	}
	var v any
	var err error
	if rn.cfg.osCall == nil {
		err = &PyError{Type: "PermissionError", Message: ex.Name + ": no OS access is granted to this sandbox"}
		if strings.HasPrefix(ex.Name, "Path.") && len(ex.Positional) > 0 {
			errno := 13
			err = &PyError{Type: "PermissionError", Message: "Permission denied", Errno: &errno}
		}
	} else {
		func() {
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("the os call handler panicked: %v", p)
				}
			}()
			v, err = rn.cfg.osCall(rn.ctx, &OsCall{ID: ex.ID, CallID: uint32(ex.ID), Function: ex.Name, Args: ex.Positional, Kwargs: ex.Kwargs})
		}()
	}
	if err := ex.take(); err != nil {
		return nil, err
	}
	reply, rerr := rn.reply(ex.ID, v, err, "result of "+ex.Name)
	if rerr != nil {
		rn.close()
		return nil, rerr
	}
	return rn.step("resume", reply)
}

// reply encodes {"id", "value"} or {"id", "error"}.
func (rn *run) reply(id int64, value any, err error, path string) ([]byte, error) {
	if err != nil {
		var pe *PyError
		if !errors.As(err, &pe) {
			var ce *ConversionError
			if errors.As(err, &ce) {
				pe = &PyError{Type: "TypeError", Message: ce.Path + ": " + ce.Reason}
			} else {
				pe = &PyError{Type: "RuntimeError", Message: err.Error()}
			}
		}
		obj := map[string]any{"type": pe.Type, "message": pe.Message}
		if pe.Errno != nil {
			obj["errno"] = *pe.Errno
		}
		b, _ := jsonMarshal(map[string]any{"id": id, "error": obj})
		return b, nil
	}
	v, cerr := encodeValueObjs(value, path, rn.objs)
	if cerr != nil {
		// The program sees the conversion failure as a TypeError.
		var ce *ConversionError
		errors.As(cerr, &ce)
		return rn.reply(id, nil, &PyError{Type: "TypeError", Message: ce.Path + ": " + ce.Reason}, "")
	}
	return []byte(fmt.Sprintf(`{"id":%d,"value":%s}`, id, v)), nil
}

// step calls an export and turns its progress into an Execution or error.
func (rn *run) step(export string, arg []byte) (*Execution, error) {
	out, err := rn.guestCall(export, arg, true)
	if err != nil {
		return nil, err
	}
	return rn.progress(out)
}

type rawCall struct {
	Object     int64   `json:"object"`
	Class      string  `json:"class"`
	MethodCall bool    `json:"method_call"`
	ID         int64   `json:"id"`
	Name       string  `json:"name"`
	Function   string  `json:"function"`
	Args       jsonRaw `json:"args"`
	Kwargs     jsonRaw `json:"kwargs"`
}

func (rn *run) progress(out []byte) (*Execution, error) {
	var p struct {
		Status string  `json:"status"`
		Value  jsonRaw `json:"value"`
		Repr   *string `json:"repr"`
		rawCall
		Calls   []rawCall `json:"calls"`
		Sleep   *float64  `json:"sleep"`
		Message string    `json:"message"`
		Kind    string    `json:"kind"`
		Error   struct {
			Type      string `json:"type"`
			Message   string `json:"message"`
			Traceback string `json:"traceback"`
		} `json:"error"`
	}
	if err := jsonUnmarshal(out, &p); err != nil {
		rn.close()
		return nil, &InternalError{Message: fmt.Sprintf("bad progress JSON (%v): %.200s", err, out)}
	}
	ex := &Execution{rn: rn, Kind: p.Status}
	switch p.Status {
	case "complete":
		v, err := rn.decode(p.Value)
		rn.end()
		if err != nil {
			return nil, err
		}
		ex.Done, ex.Value, ex.Kind = true, v, ""
		if p.Repr != nil {
			ex.Repr = *p.Repr
		}
		return ex, nil
	case "call", "os_call":
		name := p.Name
		if p.Status == "os_call" {
			name = p.Function
		}
		c, err := rn.call(p.rawCall, name)
		if err != nil {
			rn.close()
			return nil, err
		}
		ex.ID, ex.Name, ex.Args, ex.Positional, ex.Kwargs = c.ID, c.Name, c.Args, c.Positional, c.Kwargs
		ex.MethodCall, ex.Object, ex.Class, ex.objectID = c.MethodCall, c.Object, c.Class, c.objectID
		return ex, nil
	case "wait":
		for _, rc := range p.Calls {
			c, err := rn.call(rc, rc.Name)
			if err != nil {
				rn.close()
				return nil, err
			}
			ex.Calls = append(ex.Calls, c)
		}
		ex.Sleep = p.Sleep
		return ex, nil
	case "ready":
		// a session's snapshot taken between cells, restored
		rn.end()
		ex.Done, ex.Kind = true, ""
		return ex, nil
	case "error":
		rn.end()
		return nil, &MontyError{Type: p.Error.Type, Message: p.Error.Message, Traceback: p.Error.Traceback}
	case "invalid":
		// (a session's instance keeps its state: the guest refused the message only)
		rn.end()
		return nil, &UsageError{p.Message}
	case "limit":
		rn.lose("a cell hit a limit (" + p.Message + ")")
		rn.close()
		return nil, &LimitError{Kind: LimitKind(p.Kind), Message: p.Message}
	}
	rn.close()
	return nil, &InternalError{Message: fmt.Sprintf("unknown progress: %.200s", out)}
}

func (rn *run) decode(raw jsonRaw) (any, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	v, err := decodeJSON(raw, rn.cfg.ordered)
	if err != nil {
		return nil, &InternalError{Message: "bad value from the guest: " + err.Error()}
	}
	if rn.objs != nil {
		v = rn.objs.resolve(v)
	}
	return v, nil
}

func (rn *run) call(rc rawCall, name string) (*FunctionCall, error) {
	c := &FunctionCall{ID: rc.ID, CallID: uint32(rc.ID), Name: name, Args: map[string]any{}, Kwargs: map[string]any{}}
	if len(rc.Args) > 0 {
		v, err := rn.decode(rc.Args)
		if err != nil {
			return nil, err
		}
		c.Positional, _ = v.([]any)
	}
	if c.Positional == nil {
		c.Positional = []any{}
	}
	if len(rc.Kwargs) > 0 {
		v, err := rn.decode(rc.Kwargs)
		if err != nil {
			return nil, err
		}
		switch kw := v.(type) {
		case map[string]any:
			c.Kwargs = kw
		case Dict:
			for _, p := range kw {
				if k, ok := p.Key.(string); ok {
					c.Kwargs[k] = p.Value
				}
			}
		}
	}
	params := rn.funcs[name].Params
	if rc.MethodCall {
		c.MethodCall, c.Class, c.objectID = true, rc.Class, rc.Object
		c.Object = rn.objs.resolve(HostObjectRef{ID: rc.Object, Class: rc.Class})
		_, m, _ := rn.objs.method(rc.Object, name)
		params = m.Params
	}
	for i, a := range c.Positional {
		if i < len(params) {
			c.Args[params[i]] = a
		}
	}
	for k, v := range c.Kwargs {
		c.Args[k] = v
	}
	return c, nil
}
