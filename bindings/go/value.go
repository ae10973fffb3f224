package monty

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// Tuple is a Python tuple.
type Tuple []any

// Set is a Python set (items in the sandbox's iteration order).
type Set []any

// FrozenSet is a Python frozenset.
type FrozenSet []any

// Pair is one key/value item of a Dict.
type Pair struct {
	Key   any
	Value any
}

// Dict is a Python dict as ordered pairs: what a dict with a key that is
// not a str decodes to (and every dict under WithOrderedDicts).
type Dict []Pair

// Get returns the value of the first pair whose key equals k (compared
// with reflect.DeepEqual).
func (d Dict) Get(k any) (any, bool) {
	for _, p := range d {
		if reflect.DeepEqual(p.Key, k) {
			return p.Value, true
		}
	}
	return nil, false
}

// Repr is an object with no data form (a function, a class instance):
// only its repr() crosses the boundary, and only out of the sandbox.
type Repr struct {
	Text string
}

func (r Repr) String() string { return r.Text }

// Field is one named field of a Dataclass or a NamedTuple.
type Field struct {
	Name  string
	Value any
}

// Dataclass is an instance of a Python dataclass: its class's name, its
// fields in definition order (those dataclasses.fields() lists) and
// whether the class is frozen. One sent into the sandbox becomes an
// instance of the program's own class of that name and fields, else of a
// class made for it.
type Dataclass struct {
	Name   string
	Fields []Field
	Frozen bool
}

// Get returns the value of the field called name.
func (d Dataclass) Get(name string) (any, bool) { return fieldValue(d.Fields, name) }

// NamedTuple is an instance of a Python namedtuple (or typing.NamedTuple)
// class: its class's name and its fields in order.
type NamedTuple struct {
	Name   string
	Fields []Field
}

// Get returns the value of the field called name.
func (t NamedTuple) Get(name string) (any, bool) { return fieldValue(t.Fields, name) }

func fieldValue(fields []Field, name string) (any, bool) {
	for _, f := range fields {
		if f.Name == name {
			return f.Value, true
		}
	}
	return nil, false
}

const maxSafe = 1<<53 - 1

var (
	bigMaxSafe = big.NewInt(maxSafe)
	bigMinSafe = big.NewInt(-maxSafe)
)

// ---- Go -> tagged JSON ---------------------------------------------------

type encoder struct {
	buf  bytes.Buffer
	objs *objectTable // the run's host objects (nil: none may be sent)
}

// encodeValue renders v as tagged JSON; path names v in errors
// ("inputs.x[2].fn").
func encodeValue(v any, path string) ([]byte, error) {
	return encodeValueObjs(v, path, nil)
}

// encodeValueObjs is encodeValue with the run's host objects.
func encodeValueObjs(v any, path string, objs *objectTable) ([]byte, error) {
	e := encoder{objs: objs}
	if err := e.value(reflect.ValueOf(v), path, 0); err != nil {
		return nil, err
	}
	return e.buf.Bytes(), nil
}

// ConversionError reports a Go value with no Python form.
type ConversionError struct {
	Path   string
	Reason string
}

func (e *ConversionError) Error() string {
	return fmt.Sprintf("TypeError: %s: %s", e.Path, e.Reason)
}

var (
	typeBigInt  = reflect.TypeOf(big.Int{})
	typeBigPtr  = reflect.TypeOf((*big.Int)(nil))
	typeNumber  = reflect.TypeOf(json.Number(""))
	typeJSONRaw = reflect.TypeOf(json.RawMessage(nil))
	typeMarsh   = reflect.TypeOf((*json.Marshaler)(nil)).Elem()
	typeText    = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
)

func (e *encoder) str(s string) {
	b, _ := json.Marshal(s)
	e.buf.Write(b)
}

func (e *encoder) int(i *big.Int) {
	if i.Cmp(bigMaxSafe) <= 0 && i.Cmp(bigMinSafe) >= 0 {
		e.buf.WriteString(i.String())
		return
	}
	e.buf.WriteString(`{"$int":"`)
	e.buf.WriteString(i.String())
	e.buf.WriteString(`"}`)
}

func (e *encoder) float(f float64) {
	switch {
	case math.IsNaN(f):
		e.buf.WriteString(`{"$float":"nan"}`)
	case math.IsInf(f, 1):
		e.buf.WriteString(`{"$float":"inf"}`)
	case math.IsInf(f, -1):
		e.buf.WriteString(`{"$float":"-inf"}`)
	default:
		s := strconv.FormatFloat(f, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eEn") {
			s += ".0"
		}
		e.buf.WriteString(s)
	}
}

func (e *encoder) seq(tag string, items []any, path string, depth int) error {
	if tag != "" {
		e.buf.WriteString(`{"` + tag + `":`)
	}
	e.buf.WriteByte('[')
	for i, x := range items {
		if i > 0 {
			e.buf.WriteByte(',')
		}
		if err := e.value(reflect.ValueOf(x), fmt.Sprintf("%s[%d]", path, i), depth+1); err != nil {
			return err
		}
	}
	e.buf.WriteByte(']')
	if tag != "" {
		e.buf.WriteByte('}')
	}
	return nil
}

// record writes {"$dataclass": {"name", "fields", "frozen"}} (frozen nil:
// {"$namedtuple": {"name", "fields"}}).
func (e *encoder) record(tag, name string, fields []Field, frozen *bool, path string, depth int) error {
	e.buf.WriteString(`{"` + tag + `":{"name":`)
	e.str(name)
	e.buf.WriteString(`,"fields":[`)
	for i, f := range fields {
		if i > 0 {
			e.buf.WriteByte(',')
		}
		e.buf.WriteByte('[')
		e.str(f.Name)
		e.buf.WriteByte(',')
		if err := e.value(reflect.ValueOf(f.Value), path+"."+f.Name, depth+1); err != nil {
			return err
		}
		e.buf.WriteByte(']')
	}
	e.buf.WriteByte(']')
	if frozen != nil {
		if *frozen {
			e.buf.WriteString(`,"frozen":true`)
		} else {
			e.buf.WriteString(`,"frozen":false`)
		}
	}
	e.buf.WriteString(`}}`)
	return nil
}

type kv struct {
	key   reflect.Value
	value reflect.Value
	name  string // the key's path text
}

// object writes pairs as a JSON object when every key is a str (and the
// object is not a lone "$..." key), else as {"$dict": [[k, v], ...]}.
func (e *encoder) object(pairs []kv, path string, depth int) error {
	allStr := true
	for _, p := range pairs {
		k := p.key
		for k.Kind() == reflect.Interface && !k.IsNil() {
			k = k.Elem()
		}
		if k.Kind() != reflect.String || k.Type() == typeNumber {
			allStr = false
			break
		}
	}
	if allStr && len(pairs) == 1 {
		k := pairs[0].key
		for k.Kind() == reflect.Interface {
			k = k.Elem()
		}
		if strings.HasPrefix(k.String(), "$") {
			allStr = false
		}
	}
	if allStr {
		e.buf.WriteByte('{')
		for i, p := range pairs {
			if i > 0 {
				e.buf.WriteByte(',')
			}
			k := p.key
			for k.Kind() == reflect.Interface {
				k = k.Elem()
			}
			e.str(k.String())
			e.buf.WriteByte(':')
			if err := e.value(p.value, path+"."+p.name, depth+1); err != nil {
				return err
			}
		}
		e.buf.WriteByte('}')
		return nil
	}
	e.buf.WriteString(`{"$dict":[`)
	for i, p := range pairs {
		if i > 0 {
			e.buf.WriteByte(',')
		}
		e.buf.WriteByte('[')
		if err := e.value(p.key, fmt.Sprintf("%s.keys()[%d]", path, i), depth+1); err != nil {
			return err
		}
		e.buf.WriteByte(',')
		if err := e.value(p.value, fmt.Sprintf("%s[%s]", path, p.name), depth+1); err != nil {
			return err
		}
		e.buf.WriteByte(']')
	}
	e.buf.WriteString(`]}`)
	return nil
}

func (e *encoder) value(v reflect.Value, path string, depth int) error {
	if depth > 200 {
		return &ConversionError{path, "nested too deeply (a cycle?)"}
	}
	if !v.IsValid() {
		e.buf.WriteString("null")
		return nil
	}
	// A host object's Value passed back: the same object.
	if o, ok := e.objs.lookupValue(v); ok {
		return e.hostObject(o, path, depth)
	}
	// Our own types first.
	switch x := v.Interface().(type) {
	case *HostObject:
		if x == nil {
			e.buf.WriteString("null")
			return nil
		}
		return e.hostObject(x, path, depth)
	case HostObjectRef:
		e.buf.WriteString(fmt.Sprintf(`{"$object":{"id":%d,"class":`, x.ID))
		e.str(x.Class)
		e.buf.WriteString("}}")
		return nil
	case Tuple:
		return e.seq("$tuple", x, path, depth)
	case Set:
		return e.seq("$set", x, path, depth)
	case FrozenSet:
		return e.seq("$frozenset", x, path, depth)
	case Dict:
		pairs := make([]kv, len(x))
		for i, p := range x {
			pairs[i] = kv{reflect.ValueOf(p.Key), reflect.ValueOf(p.Value), fmt.Sprintf("%#v", p.Key)}
			if s, ok := p.Key.(string); ok {
				pairs[i].name = s
			}
		}
		return e.object(pairs, path, depth)
	case Dataclass:
		return e.record("$dataclass", x.Name, x.Fields, &x.Frozen, path, depth)
	case NamedTuple:
		return e.record("$namedtuple", x.Name, x.Fields, nil, path, depth)
	case Repr:
		return &ConversionError{path, "a monty.Repr has no Python value (it is only the repr of a sandbox object)"}
	case *big.Int:
		if x == nil {
			e.buf.WriteString("null")
			return nil
		}
		e.int(x)
		return nil
	case big.Int:
		e.int(&x)
		return nil
	case json.Number:
		if i, ok := new(big.Int).SetString(string(x), 10); ok {
			e.int(i)
			return nil
		}
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil {
			return &ConversionError{path, fmt.Sprintf("json.Number %q is not a number", string(x))}
		}
		e.float(f)
		return nil
	case json.RawMessage:
		d, err := decodeJSON(x, true)
		if err != nil {
			return &ConversionError{path, "invalid json.RawMessage: " + err.Error()}
		}
		return e.value(reflect.ValueOf(d), path, depth+1)
	case []byte:
		if x == nil && v.Kind() == reflect.Slice {
			e.buf.WriteString(`{"$bytes":""}`)
			return nil
		}
		e.buf.WriteString(`{"$bytes":"` + base64.StdEncoding.EncodeToString(x) + `"}`)
		return nil
	}
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			e.buf.WriteString("null")
			return nil
		}
		if v.Kind() == reflect.Pointer && v.Type().Implements(typeMarsh) {
			return e.marshaler(v, path, depth)
		}
		return e.value(v.Elem(), path, depth+1)
	case reflect.Bool:
		if v.Bool() {
			e.buf.WriteString("true")
		} else {
			e.buf.WriteString("false")
		}
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.int(big.NewInt(v.Int()))
		return nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.int(new(big.Int).SetUint64(v.Uint()))
		return nil
	case reflect.Float32, reflect.Float64:
		e.float(v.Float())
		return nil
	case reflect.String:
		e.str(v.String())
		return nil
	}
	if v.Type().Implements(typeMarsh) {
		return e.marshaler(v, path, depth)
	}
	if v.Type().Implements(typeText) {
		t, err := v.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			return &ConversionError{path, err.Error()}
		}
		e.str(string(t))
		return nil
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			e.buf.WriteString("[]")
			return nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b := make([]byte, v.Len())
			reflect.Copy(reflect.ValueOf(b), v)
			return e.value(reflect.ValueOf(b), path, depth)
		}
		e.buf.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				e.buf.WriteByte(',')
			}
			if err := e.value(v.Index(i), fmt.Sprintf("%s[%d]", path, i), depth+1); err != nil {
				return err
			}
		}
		e.buf.WriteByte(']')
		return nil
	case reflect.Map:
		keys := v.MapKeys()
		pairs := make([]kv, len(keys))
		for i, k := range keys {
			pairs[i] = kv{k, v.MapIndex(k), fmt.Sprint(k.Interface())}
		}
		// Deterministic order: sorted by the key's text.
		sort.SliceStable(pairs, func(i, j int) bool { return pairs[i].name < pairs[j].name })
		if v.Type().Key().Kind() != reflect.String {
			for i := range pairs {
				pairs[i].name = fmt.Sprintf("%#v", pairs[i].key.Interface())
			}
		}
		return e.object(pairs, path, depth)
	case reflect.Struct:
		return e.structValue(v, path, depth)
	}
	return &ConversionError{path, fmt.Sprintf("a Go %s has no Python form", v.Type())}
}

func (e *encoder) marshaler(v reflect.Value, path string, depth int) error {
	b, err := v.Interface().(json.Marshaler).MarshalJSON()
	if err != nil {
		return &ConversionError{path, err.Error()}
	}
	d, err := decodeJSON(b, false)
	if err != nil {
		return &ConversionError{path, err.Error()}
	}
	return e.value(reflect.ValueOf(d), path, depth+1)
}

// structValue converts a struct through its JSON tags (name, omitempty,
// "-", embedded structs flattened) into a dict.
func (e *encoder) structValue(v reflect.Value, path string, depth int) error {
	var pairs []kv
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			fv := v.Field(i)
			if f.Anonymous && name == "" {
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					if fv.IsNil() {
						continue
					}
					fv = fv.Elem()
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(fv)
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if strings.Contains(","+opts+",", ",omitempty,") && fv.IsZero() {
				continue
			}
			pairs = append(pairs, kv{reflect.ValueOf(name), fv, name})
		}
	}
	walk(v)
	return e.object(pairs, path, depth)
}

// ---- tagged JSON -> Go ---------------------------------------------------

// decodeJSON parses tagged JSON into Go values, keeping dict order when
// ordered is set (every dict becomes a Dict).
func decodeJSON(data []byte, ordered bool) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	v, err := decodeNext(d, ordered)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, fmt.Errorf("trailing data after the JSON value")
	}
	return v, nil
}

func decodeNext(d *json.Decoder, ordered bool) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	return decodeToken(d, tok, ordered)
}

func decodeToken(d *json.Decoder, tok json.Token, ordered bool) (any, error) {
	switch t := tok.(type) {
	case nil, bool, string:
		return t, nil
	case json.Number:
		return number(string(t))
	case json.Delim:
		switch t {
		case '[':
			items := []any{}
			for d.More() {
				x, err := decodeNext(d, ordered)
				if err != nil {
					return nil, err
				}
				items = append(items, x)
			}
			_, err := d.Token()
			return items, err
		case '{':
			var pairs Dict
			for d.More() {
				kt, err := d.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				x, err := decodeNext(d, ordered)
				if err != nil {
					return nil, err
				}
				pairs = append(pairs, Pair{k, x})
			}
			if _, err := d.Token(); err != nil {
				return nil, err
			}
			if len(pairs) == 1 {
				if k := pairs[0].Key.(string); strings.HasPrefix(k, "$") {
					if v, ok, err := untag(k, pairs[0].Value, ordered); ok || err != nil {
						return v, err
					}
				}
			}
			if ordered {
				if pairs == nil {
					pairs = Dict{}
				}
				return pairs, nil
			}
			m := make(map[string]any, len(pairs))
			for _, p := range pairs {
				m[p.Key.(string)] = p.Value
			}
			return m, nil
		}
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

func number(s string) (any, error) {
	if !strings.ContainsAny(s, ".eE") {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i, nil
		}
		if b, ok := new(big.Int).SetString(s, 10); ok {
			return b, nil
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, fmt.Errorf("bad number %q", s)
	}
	return f, nil
}

func untag(tag string, x any, ordered bool) (any, bool, error) {
	list := func() ([]any, error) {
		l, ok := x.([]any)
		if !ok {
			return nil, fmt.Errorf("%s must hold a list", tag)
		}
		return l, nil
	}
	switch tag {
	case "$int":
		s, _ := x.(string)
		b, ok := new(big.Int).SetString(s, 10)
		if !ok {
			return nil, true, fmt.Errorf("bad $int %q", s)
		}
		if b.IsInt64() {
			return b.Int64(), true, nil
		}
		return b, true, nil
	case "$float":
		switch x {
		case "inf":
			return math.Inf(1), true, nil
		case "-inf":
			return math.Inf(-1), true, nil
		case "nan":
			return math.NaN(), true, nil
		}
		return nil, true, fmt.Errorf("bad $float %v", x)
	case "$tuple":
		l, err := list()
		return Tuple(l), true, err
	case "$set":
		l, err := list()
		return Set(l), true, err
	case "$frozenset":
		l, err := list()
		return FrozenSet(l), true, err
	case "$bytes":
		s, _ := x.(string)
		b, err := base64.StdEncoding.DecodeString(s)
		return b, true, err
	case "$repr":
		s, _ := x.(string)
		return Repr{s}, true, nil
	case "$dataclass", "$namedtuple":
		v, err := untagRecord(tag, x)
		return v, true, err
	case "$object":
		v, err := untagObject(x)
		return v, true, err
	case "$dict":
		l, err := list()
		if err != nil {
			return nil, true, err
		}
		allStr := true
		out := make(Dict, 0, len(l))
		for _, item := range l {
			p, ok := item.([]any)
			if !ok || len(p) != 2 {
				return nil, true, fmt.Errorf("$dict items must be [key, value] pairs")
			}
			if _, ok := p[0].(string); !ok {
				allStr = false
			}
			out = append(out, Pair{p[0], p[1]})
		}
		if allStr && !ordered {
			m := make(map[string]any, len(out))
			for _, p := range out {
				m[p.Key.(string)] = p.Value
			}
			return m, true, nil
		}
		return out, true, nil
	}
	return nil, false, nil
}

// untagObject reads a `$object` form as a HostObjectRef (the run
// resolves the ids it gave to their objects).
func untagObject(x any) (any, error) {
	var id, class any
	switch p := x.(type) {
	case map[string]any:
		id, class = p["id"], p["class"]
	case Dict:
		id, _ = p.Get("id")
		class, _ = p.Get("class")
	default:
		return nil, fmt.Errorf("$object must hold an object")
	}
	n, ok := id.(int64)
	if !ok {
		return nil, fmt.Errorf("$object needs an integer \"id\"")
	}
	c, _ := class.(string)
	return HostObjectRef{ID: n, Class: c}, nil
}

// untagRecord reads the payload of a $dataclass or $namedtuple record
// (decoded already: a map, or a Dict under WithOrderedDicts).
func untagRecord(tag string, x any) (any, error) {
	get := func(key string) any {
		switch p := x.(type) {
		case map[string]any:
			return p[key]
		case Dict:
			v, _ := p.Get(key)
			return v
		}
		return nil
	}
	name, ok := get("name").(string)
	if !ok {
		return nil, fmt.Errorf("%s needs a string \"name\"", tag)
	}
	items, ok := get("fields").([]any)
	if !ok {
		return nil, fmt.Errorf("%s needs \"fields\": [[name, value], ...]", tag)
	}
	fields := make([]Field, 0, len(items))
	for _, item := range items {
		pair, ok := item.([]any)
		if !ok || len(pair) != 2 {
			return nil, fmt.Errorf("%s fields must be [name, value] pairs", tag)
		}
		fname, ok := pair[0].(string)
		if !ok {
			return nil, fmt.Errorf("%s field names must be strings", tag)
		}
		fields = append(fields, Field{fname, pair[1]})
	}
	if tag == "$namedtuple" {
		return NamedTuple{name, fields}, nil
	}
	frozen, _ := get("frozen").(bool)
	return Dataclass{name, fields, frozen}, nil
}
