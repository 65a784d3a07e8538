package state

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"

	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// lesson is a case of testdata/reference/lessons.
type lesson struct {
	Spec     map[string]any `json:"spec"`
	Expected struct {
		Weights [][]float64 `json:"weights"`
		Output  [][]float64 `json:"output"`
	} `json:"expected"`
	Weights3 [][]float64 `json:"printed_weights_3dp"`
	Output3  [][]float64 `json:"printed_output_3dp"`
}

func readJSON(t *testing.T, file string, v any) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

// TestExamplesAreTheLessons checks that the lessons' examples the page
// carries are the specs of testdata/reference/lessons, and that the engine
// computes from them the numbers the lessons print, to 3 decimals.
func TestExamplesAreTheLessons(t *testing.T) {
	for id, ref := range map[string]string{
		"lessoncat":  "lesson-cat-sat-on-the-mat.json",
		"lessonints": "lesson-four-words-integer-weights.json",
	} {
		var want lesson
		readJSON(t, filepath.Join("..", "..", "testdata", "reference", "lessons", ref), &want)
		var got lesson
		readJSON(t, exampleFile[id], &got)
		if !reflect.DeepEqual(got.Spec, want.Spec) {
			t.Errorf("%s: %s's spec differs from testdata/reference/lessons/%s", id, exampleFile[id], ref)
		}
		m, ok := ExampleMatrices(id)
		if !ok || m == "" || ExampleOf(m) != id {
			t.Fatalf("%s: ExampleMatrices = %d bytes, %v; ExampleOf gives %q", id, len(m), ok, ExampleOf(m))
		}
		r, err := attention.Run(MatricesSpec(m))
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		checkPrinted(t, id+" weights", r.Heads[0].Weights, want.Expected.Weights, want.Weights3)
		checkPrinted(t, id+" output", r.Output, want.Expected.Output, want.Output3)
	}
	if m, ok := ExampleMatrices("textbook"); !ok || m != "" {
		t.Errorf("the worked example's matrices are %q, want \"\"", m)
	}
	if _, ok := ExampleMatrices("nonesuch"); ok {
		t.Error("an unknown example has matrices")
	}
}

// checkPrinted checks got against the full-precision want to 1e-9, and its
// values written to 3 decimals against printed, where the lesson prints it.
func checkPrinted(t *testing.T, what string, got mat.Matrix, want, printed [][]float64) {
	t.Helper()
	r, c := got.Dims()
	if r != len(want) || c != len(want[0]) {
		t.Fatalf("%s: %d×%d, want %d×%d", what, r, c, len(want), len(want[0]))
	}
	for i := range r {
		for j := range c {
			if math.Abs(got.At(i, j)-want[i][j]) > 1e-9 {
				t.Errorf("%s[%d][%d] = %v, want %v", what, i, j, got.At(i, j), want[i][j])
			}
			if printed == nil {
				continue
			}
			shown, _ := strconv.ParseFloat(strconv.FormatFloat(got.At(i, j), 'f', 3, 64), 64)
			if shown != printed[i][j] {
				t.Errorf("%s[%d][%d] shows %.3f, the lesson prints %v", what, i, j, shown, printed[i][j])
			}
		}
	}
}
