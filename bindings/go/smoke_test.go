package monty

import (
	"context"
	"fmt"
	"testing"
)

func TestSmoke(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx := context.Background()
	for _, code := range []string{"1+1", "print('hi')\nx*2", "def f(:", "a() + b()", "1/0", "[2**70, float('inf'), b'ab', (1,2), {1:2}, {3}]"} {
		v, err := r.Execute(ctx, code, map[string]any{"x": 21}, WithPrintFunc(func(s, t string) { fmt.Printf("[%s]%q ", s, t) }))
		fmt.Printf("%q -> %#v, %v\n", code, v, err)
	}
	_, err = r.Execute(ctx, "1", nil, WithLimits(Limits{MaxInstructions: 5, MaxDuration: 1e9}))
	fmt.Println("limits:", err)
	rn, _ := r.newRun(ctx, newConfig(nil))
	out, err := rn.inst.call(ctx, "check", []byte(`{"code":"x = a() + b()\ndef f(:"}`), true)
	fmt.Println(string(out), err)
}
