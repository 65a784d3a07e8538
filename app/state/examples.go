package state

import (
	_ "embed" // the lessons' specs
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/attnviz/attnviz/attention"
)

// The named examples of the matrices view: its worked example and the two
// that the lessons print (testdata/reference/lessons), whose specs
// examples/ holds as copies (TestExamplesAreTheLessons checks them), so
// that the page carries them.

// The files of examples/, as strings: an embed.FS would bring io/fs into
// the wasm for two files.
var (
	//go:embed examples/lesson-cat.json
	lessonCatJSON string
	//go:embed examples/lesson-integers.json
	lessonIntsJSON string
)

// MatricesExampleIDs are the ids of the named examples, in the order the
// view offers them: "mx.example.<id>" is the name of each (app/i18n).
var MatricesExampleIDs = []string{"textbook", "lessoncat", "lessonints"}

// exampleFile is the file of examples/ of each id but the worked example,
// and exampleJSON its text.
var (
	exampleFile = map[string]string{
		"lessoncat":  "examples/lesson-cat.json",
		"lessonints": "examples/lesson-integers.json",
	}
	exampleJSON = map[string]*string{"lessoncat": &lessonCatJSON, "lessonints": &lessonIntsJSON}
)

// exampleMatrices holds the State.Matrices of every named example, made on
// first use.
var exampleMatrices = sync.OnceValue(func() map[string]string {
	m := map[string]string{"textbook": ""}
	for id, file := range exampleFile {
		m[id] = CanonicalMatrices(lessonSpec(file, *exampleJSON[id]))
	}
	return m
})

// ExampleMatrices returns the State.Matrices of the named example id, and
// whether there is one.
func ExampleMatrices(id string) (string, bool) {
	m, ok := exampleMatrices()[id]
	return m, ok
}

// ExampleOf returns the id of the named example whose State.Matrices is
// matrices, or "".
func ExampleOf(matrices string) string {
	for _, id := range MatricesExampleIDs {
		if m, _ := ExampleMatrices(id); m == matrices {
			return id
		}
	}
	return ""
}

// lessonSpec reads a lesson's spec from examples/, as the import box would.
// The view's token box separates tokens by spaces, so a token's own spaces
// go ("word 1" becomes "word1"). The files are the program's own: an
// error is a programmer's mistake.
func lessonSpec(file, text string) *attention.Spec {
	var c struct {
		Spec map[string]json.RawMessage `json:"spec"`
	}
	var tokens []string
	if err := json.Unmarshal([]byte(text), &c); err != nil || json.Unmarshal(c.Spec["tokens"], &tokens) != nil {
		panic(fmt.Sprintf("%s: no spec with tokens", file))
	}
	for i, t := range tokens {
		tokens[i] = strings.ReplaceAll(t, " ", "")
	}
	c.Spec["tokens"], _ = json.Marshal(tokens)
	js, _ := json.Marshal(c.Spec)
	s, ierr := ParseImport(js)
	if ierr != nil {
		panic(file + ": " + ierr.Message("en"))
	}
	return s
}
