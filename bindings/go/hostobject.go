// Host objects (README "Host objects"): Go values the program gets as
// instances whose methods call back into the host. HostObject declares
// one; objectTable is one run's (or session's) ids, used when encoding
// (`{"$object": ...}` declarations, then references) and decoding
// (references back to the same Go value).

package monty

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sync"
	"unicode"
)

// HostObject is a Go value given to the program as an object: pass a
// *HostObject as an input, as an external function's result, or inside
// containers. Inside the sandbox it is an instance of a class named Class
// with the attributes Attrs and the methods Methods; calling a method
// pauses the run as a call does, and the method's Func answers it (the
// FunctionCall has MethodCall set and Object the object). The object
// coming back out of the sandbox (an argument, a result) is Value, or the
// *HostObject itself when Value is nil. Give the same *HostObject again
// and the program gets the same object (`open_db("main") is db`).
type HostObject struct {
	Class   string
	Attrs   map[string]any
	Methods map[string]Method
	// Value is what the object decodes to on the way out (default: the
	// *HostObject). When it is a pointer, passing it back into the sandbox
	// (a method returning its receiver) is the same object too.
	Value any
}

// Method is one method of a HostObject: its parameter names (so
// positional arguments reach FunctionCall.Args by name), whether it is
// async (`await db.fetch(k)`; calls announced together run at once), and
// the function that answers its calls.
type Method struct {
	Params []string
	Async  bool
	Func   ExternalFunc
}

// HostObjectRef is a host object's reference whose id this run did not
// give (a snapshot restored in another process): passed back into the
// sandbox it is that object again.
type HostObjectRef struct {
	ID    int64
	Class string
}

// value is what references to o decode to.
func (o *HostObject) value() any {
	if o.Value != nil {
		return o.Value
	}
	return o
}

var pyKeywords = map[string]bool{}
var pyBuiltinTypes = map[string]bool{}

func init() {
	for _, k := range []string{"False", "None", "True", "and", "as", "assert", "async", "await", "break",
		"class", "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
		"if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
		"while", "with", "yield"} {
		pyKeywords[k] = true
	}
	for _, k := range []string{"object", "type", "int", "float", "complex", "bool", "str", "bytes", "bytearray",
		"list", "tuple", "dict", "set", "frozenset", "range", "slice", "property", "staticmethod",
		"classmethod", "super", "memoryview", "enumerate", "zip", "map", "filter", "reversed",
		"BaseException", "Exception", "NoneType"} {
		pyBuiltinTypes[k] = true
	}
}

func isIdentifier(s string) bool {
	if s == "" || pyKeywords[s] {
		return false
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
			return false
		}
	}
	return true
}

func isDunder(s string) bool {
	return len(s) > 4 && s[:2] == "__" && s[len(s)-2:] == "__"
}

// Validate reports what is wrong with the declaration (nil if nothing):
// the class, attribute, method and parameter names must be Python
// identifiers and not keywords, members not dunder names nor declared
// twice, the class not named like a builtin type, every method have a Func.
func (o *HostObject) Validate() error {
	if o == nil {
		return fmt.Errorf("monty: a nil *HostObject")
	}
	if !isIdentifier(o.Class) {
		return fmt.Errorf("monty: host object class %q is not a Python identifier", o.Class)
	}
	if pyBuiltinTypes[o.Class] {
		return fmt.Errorf("monty: host object class %q is the name of a Python builtin", o.Class)
	}
	for name := range o.Attrs {
		if !isIdentifier(name) {
			return fmt.Errorf("monty: attribute %q of %s is not a Python identifier", name, o.Class)
		}
		if isDunder(name) {
			return fmt.Errorf("monty: attribute %q of %s is a dunder name", name, o.Class)
		}
		if _, dup := o.Methods[name]; dup {
			return fmt.Errorf("monty: %q of %s is declared twice (an attribute and a method)", name, o.Class)
		}
	}
	for name, m := range o.Methods {
		if !isIdentifier(name) {
			return fmt.Errorf("monty: method %q of %s is not a Python identifier", name, o.Class)
		}
		if isDunder(name) {
			return fmt.Errorf("monty: method %q of %s is a dunder name", name, o.Class)
		}
		if m.Func == nil {
			return fmt.Errorf("monty: method %q of %s has no Func", name, o.Class)
		}
		seen := map[string]bool{}
		for _, p := range m.Params {
			if !isIdentifier(p) {
				return fmt.Errorf("monty: parameter %q of %s.%s is not a Python identifier", p, o.Class, name)
			}
			if seen[p] {
				return fmt.Errorf("monty: parameter %q of %s.%s is declared twice", p, o.Class, name)
			}
			seen[p] = true
		}
	}
	return nil
}

// objectTable is one run's (or session's) host objects.
type objectTable struct {
	mu      sync.Mutex
	byID    map[int64]*HostObject
	ids     map[*HostObject]int64
	byValue map[any]int64 // pointer Values
	next    int64
}

func newObjectTable() *objectTable {
	return &objectTable{byID: map[int64]*HostObject{}, ids: map[*HostObject]int64{}, byValue: map[any]int64{}, next: 1}
}

// lookupValue is the id of a pointer that is a known object's Value.
func (t *objectTable) lookupValue(v reflect.Value) (*HostObject, bool) {
	if t == nil {
		return nil, false
	}
	if v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	if v.Kind() != reflect.Pointer || v.IsNil() || !v.CanInterface() {
		return nil, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.byValue) == 0 {
		return nil, false
	}
	id, ok := t.byValue[v.Interface()]
	if !ok {
		return nil, false
	}
	return t.byID[id], true
}

func (e *encoder) hostObject(o *HostObject, path string, depth int) error {
	if e.objs == nil {
		return &ConversionError{path, "a *HostObject can only be given to a run (inputs, external function results)"}
	}
	if err := o.Validate(); err != nil {
		return &ConversionError{path, err.Error()}
	}
	t := e.objs
	t.mu.Lock()
	id, known := t.ids[o]
	if !known {
		if v := reflect.ValueOf(o.Value); v.Kind() == reflect.Pointer && !v.IsNil() {
			if vid, ok := t.byValue[o.Value]; ok {
				id, known = vid, true
			}
		}
	}
	if known && t.byID[id].Class != o.Class {
		t.mu.Unlock()
		return &ConversionError{path, fmt.Sprintf("this value was given to the sandbox as a %s, not a %s", t.byID[id].Class, o.Class)}
	}
	if !known {
		id = t.next
		t.next++
		t.byID[id] = o
		t.ids[o] = id
		if v := reflect.ValueOf(o.Value); v.Kind() == reflect.Pointer && !v.IsNil() {
			t.byValue[o.Value] = id
		}
	}
	t.mu.Unlock()
	// Always the whole declaration: the guest ignores it for an id it has
	// seen, and a message that was never delivered (a reply whose encoding
	// failed further on) cannot leave the guest with a bare reference.
	e.buf.WriteString(fmt.Sprintf(`{"$object":{"id":%d,"class":`, id))
	e.str(o.Class)
	e.buf.WriteString(`,"attrs":{`)
	for i, k := range slices.Sorted(maps.Keys(o.Attrs)) {
		if i > 0 {
			e.buf.WriteByte(',')
		}
		e.str(k)
		e.buf.WriteByte(':')
		if err := e.value(reflect.ValueOf(o.Attrs[k]), path+"."+k, depth+1); err != nil {
			return err
		}
	}
	e.buf.WriteString(`},"methods":[`)
	for i, k := range slices.Sorted(maps.Keys(o.Methods)) {
		if i > 0 {
			e.buf.WriteByte(',')
		}
		m := o.Methods[k]
		b, _ := jsonMarshal(FuncDef{Name: k, Params: m.Params, Async: m.Async})
		e.buf.Write(b)
	}
	e.buf.WriteString("]}}")
	return nil
}

// method is the object and method a call names.
func (t *objectTable) method(id int64, name string) (*HostObject, Method, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	o := t.byID[id]
	if o == nil {
		return nil, Method{}, false
	}
	m, ok := o.Methods[name]
	return o, m, ok
}

// resolve replaces the HostObjectRefs in v (decoded from the guest) by
// the values of the objects this table gave.
func (t *objectTable) resolve(v any) any {
	switch x := v.(type) {
	case HostObjectRef:
		t.mu.Lock()
		o := t.byID[x.ID]
		t.mu.Unlock()
		if o != nil {
			return o.value()
		}
		return x
	case []any:
		for i := range x {
			x[i] = t.resolve(x[i])
		}
	case Tuple:
		for i := range x {
			x[i] = t.resolve(x[i])
		}
	case Set:
		for i := range x {
			x[i] = t.resolve(x[i])
		}
	case FrozenSet:
		for i := range x {
			x[i] = t.resolve(x[i])
		}
	case map[string]any:
		for k, e := range x {
			x[k] = t.resolve(e)
		}
	case Dict:
		for i := range x {
			x[i].Key = t.resolve(x[i].Key)
			x[i].Value = t.resolve(x[i].Value)
		}
	case Dataclass:
		for i := range x.Fields {
			x.Fields[i].Value = t.resolve(x.Fields[i].Value)
		}
	case NamedTuple:
		for i := range x.Fields {
			x.Fields[i].Value = t.resolve(x.Fields[i].Value)
		}
	}
	return v
}
