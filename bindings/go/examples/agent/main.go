// The README's weather example in Go: the program an agent wrote calls two
// Go tools, get_weather and convert; an unknown city is a LookupError the
// program catches.
//
//	go run ./examples/agent
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	monty "github.com/monty-sandbox/monty/bindings/go"
)

const program = `
report = []
for city in ["Paris", "Lima", "Oslo", "Atlantis"]:
    try:
        w = get_weather(city)
    except LookupError as e:
        print(f"skipping {city}: {e}")
        continue
    f = convert(w["celsius"], unit="F")
    report.append((city, w["sky"], round(f, 1)))
    print(f"{city:<6} {w['sky']:>7} {w['celsius']:6.2f}°C = {f:.1f}°F")

warmest = max(report, key=lambda r: r[2])
f"warmest: {warmest[0]}"
`

type weather struct {
	Celsius float64 `json:"celsius"`
	Sky     string  `json:"sky"`
}

var stations = map[string]weather{
	"Paris": {14.5, "cloudy"},
	"Lima":  {22.0, "sunny"},
	"Oslo":  {-3.25, "snow"},
}

func tools(ctx context.Context, call *monty.FunctionCall) (any, error) {
	switch call.Name {
	case "get_weather":
		city, _ := call.Args["city"].(string)
		w, ok := stations[city]
		if !ok {
			return nil, monty.Raise("LookupError", "no station in "+city)
		}
		return w, nil // a struct: converted to a dict by its JSON tags
	case "convert":
		c, _ := call.Args["celsius"].(float64)
		switch call.Args["unit"] {
		case "F", nil:
			return c*9/5 + 32, nil
		case "K":
			return c + 273.15, nil
		}
		return nil, monty.Raise("ValueError", fmt.Sprintf("unknown unit %v", call.Args["unit"]))
	}
	return nil, fmt.Errorf("no tool %s", call.Name)
}

func main() {
	runner, err := monty.New()
	if err != nil {
		log.Fatal(err)
	}
	defer runner.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	result, err := runner.Execute(ctx, program, nil,
		monty.WithExternalFunc(tools, monty.Func("get_weather", "city"), monty.Func("convert", "celsius", "unit")),
		monty.WithPrintFunc(func(stream, text string) {
			if stream == "stderr" {
				fmt.Fprint(os.Stderr, text)
			} else {
				fmt.Print(text)
			}
		}),
		monty.WithLimits(monty.Limits{MaxDuration: 5 * time.Second, MaxMemoryBytes: 64 << 20}))
	var me *monty.MontyError
	if errors.As(err, &me) {
		fmt.Fprintln(os.Stderr, me.Traceback)
		os.Exit(1)
	} else if err != nil {
		log.Fatal(err)
	}
	fmt.Println(result)
}
