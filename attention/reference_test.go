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

// referenceDirs are the folders of testdata/reference whose cases this
// package reproduces: the forward cases, the gradients and cross-attention.
var referenceDirs = []string{".", "gradients", "cross"}

// loadReference reads the cases of referenceDirs.
func loadReference(t testing.TB) []referenceCase {
	t.Helper()
	var cases []referenceCase
	for _, dir := range referenceDirs {
		cases = append(cases, loadReferenceDir(t, dir)...)
	}
	return cases
}

// loadReferenceDir reads the cases of one folder of testdata/reference.
func loadReferenceDir(t testing.TB, dir string) []referenceCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "reference", dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no reference cases in ../testdata/reference/%s", dir)
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

// TestReference reproduces every reference case, forward, gradients and
// cross-attention:
// every field of expected, to 1e-9 absolute or relative, through ParseSpec,
// Resolve, Forward, Backward and MarshalJSON, once with Run and once with an
// Engine reused across cases.
func TestReference(t *testing.T) {
	var engine attention.Engine
	cases := loadReference(t)
	grads := 0
	for _, c := range cases {
		if _, ok := c.Expected["grad"]; ok {
			grads++
		}
	}
	if grads != len(loadReferenceDir(t, "gradients")) {
		t.Fatalf("%d cases expect grad, want every case of gradients/", grads)
	}
	cross := 0
	for _, c := range cases {
		if _, ok := c.Expected["tokens_kv"]; ok {
			cross++
		}
	}
	if n := len(loadReferenceDir(t, "cross")); cross != n || n == 0 {
		t.Fatalf("%d cases expect tokens_kv, want every case of cross/ (%d)", cross, n)
	}
	for _, c := range cases {
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
		if !ok || len(g) != len(w) {
			t.Errorf("%s: got %v, want object of %d keys", path, summary(got), len(w))
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

// TestReferenceSetParses: the rest of the reference set, lessons/, is there
// and every case is a JSON object with a name, a spec and what is expected
// of it; the lessons' specs, which use no field beyond this package's,
// reproduce their output and their one head's weights.
func TestReferenceSetParses(t *testing.T) {
	for _, dir := range []string{"lessons"} {
		files, err := filepath.Glob(filepath.Join("..", "testdata", "reference", dir, "*.json"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no cases (%v)", dir, err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var c struct {
				Name     string                     `json:"name"`
				Spec     map[string]json.RawMessage `json:"spec"`
				Expected map[string]any             `json:"expected"`
			}
			if err := json.Unmarshal(data, &c); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if c.Name == "" || len(c.Spec) == 0 || len(c.Expected) == 0 {
				t.Fatalf("%s: no name, spec or expected", f)
			}
			if dir == "lessons" {
				checkLesson(t, c.Name, data)
			}
		}
	}
}

// checkLesson reproduces a lesson's "output" and "weights" (its one head's).
func checkLesson(t *testing.T, name string, data []byte) {
	t.Helper()
	c := referenceCase{}
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	spec, err := attention.ParseSpec(c.Spec)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	res, err := attention.Run(spec)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Heads  []map[string]any `json:"heads"`
		Output any              `json:"output"`
	}
	if err := json.Unmarshal(out, &got); err != nil || len(got.Heads) != 1 {
		t.Fatalf("%s: %d heads (%v), want 1", name, len(got.Heads), err)
	}
	compareJSON(t, name+": output", got.Output, c.Expected["output"])
	compareJSON(t, name+": weights", got.Heads[0]["weights"], c.Expected["weights"])
}
