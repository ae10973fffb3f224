// The $dataclass / $namedtuple records: decoded to Dataclass / NamedTuple
// (plain and ordered dicts) and encoded back byte for byte.

package monty

import "testing"

func TestRecordsRoundTrip(t *testing.T) {
	for _, ordered := range []bool{false, true} {
		in := `[{"$dataclass":{"name":"O","fields":[["id",1],["t",{"$tuple":[2]}]],"frozen":true}},{"$namedtuple":{"name":"P","fields":[["x",1],["y",null]]}}]`
		v, err := decodeJSON([]byte(in), ordered)
		if err != nil {
			t.Fatal(err)
		}
		items := v.([]any)
		d := items[0].(Dataclass)
		if d.Name != "O" || !d.Frozen || len(d.Fields) != 2 {
			t.Fatalf("%#v", d)
		}
		if x, ok := d.Get("id"); !ok || x != int64(1) {
			t.Fatalf("%#v", x)
		}
		out, err := encodeValue(v, "v")
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != in {
			t.Fatalf("%s", out)
		}
	}
	if _, err := decodeJSON([]byte(`{"$dataclass":{"fields":[]}}`), false); err == nil {
		t.Fatal("no name accepted")
	}
}
