package attention_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/attnviz/attnviz/attention"
)

// referenceCase is one file of testdata/reference.
type referenceCase struct {
	Name         string          `json:"name"`
	TorchChecked bool            `json:"torch_checked"`
	Spec         json.RawMessage `json:"spec"`
	Expected     map[string]any  `json:"expected"`
}

func loadReference(t testing.TB) []referenceCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "reference", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no reference cases in ../testdata/reference")
	}
	var cases []referenceCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c referenceCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		cases = append(cases, c)
	}
	return cases
}

// TestReference reproduces every reference case: every field of expected, to
// 1e-9 absolute or relative, through ParseSpec, Resolve, Forward and
// MarshalJSON, once with Run and once with an Engine reused across cases.
func TestReference(t *testing.T) {
	var engine attention.Engine
	for _, c := range loadReference(t) {
		t.Run(c.Name, func(t *testing.T) {
			spec, err := attention.ParseSpec(c.Spec)
			if err != nil {
				t.Fatalf("ParseSpec: %v", err)
			}
			for _, how := range []string{"Run", "Engine.Run"} {
				var res *attention.Result
				if how == "Run" {
					res, err = attention.Run(spec)
				} else {
					res, err = engine.Run(spec)
				}
				if err != nil {
					t.Fatalf("%s: %v", how, err)
				}
				data, err := json.Marshal(res)
				if err != nil {
					t.Fatalf("%s: MarshalJSON: %v", how, err)
				}
				var got map[string]any
				if err := json.Unmarshal(data, &got); err != nil {
					t.Fatalf("%s: result JSON: %v", how, err)
				}
				if len(c.Expected) == 0 {
					t.Fatal("case has no expected fields")
				}
				for key, want := range c.Expected {
					compareJSON(t, how+": "+key, got[key], want)
				}
			}
		})
	}
}

// compareJSON compares decoded JSON values, numbers to 1e-9 absolute or
// relative.
func compareJSON(t *testing.T, path string, got, want any) {
	t.Helper()
	switch w := want.(type) {
	case float64:
		g, ok := got.(float64)
		if !ok {
			t.Errorf("%s: got %v, want number %v", path, got, w)
			return
		}
		if d := math.Abs(g - w); !(d <= 1e-9 || d <= 1e-9*math.Abs(w)) {
			t.Errorf("%s: got %.17g, want %.17g (diff %.3g)", path, g, w, d)
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			t.Errorf("%s: got %v, want array of %d", path, summary(got), len(w))
			return
		}
		for i := range w {
			compareJSON(t, fmt.Sprintf("%s[%d]", path, i), g[i], w[i])
		}
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			t.Errorf("%s: got %v, want object", path, summary(got))
			return
		}
		for k := range w {
			compareJSON(t, path+"."+k, g[k], w[k])
		}
	default:
		if got != want {
			t.Errorf("%s: got %v, want %v", path, got, want)
		}
	}
}

func summary(v any) string {
	s := fmt.Sprint(v)
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return s
}
