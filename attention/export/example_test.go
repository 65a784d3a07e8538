package export_test

import (
	"fmt"
	"math"
	"os"

	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/attention/export"
)

// example is a result whose weights can be checked by hand: one feature,
// Wq = Wk = Wv = 1 and causal, so the cat attends only to itself and sat's
// scores are 0 and ln 3, giving weights 1/4 and 3/4.
func example() (*attention.Result, *attention.Spec) {
	spec := &attention.Spec{
		Tokens: []string{"cat", "sat_1"},
		X:      [][]float64{{0}, {math.Sqrt(math.Log(3))}},
		Wq:     [][]float64{{1}}, Wk: [][]float64{{1}}, Wv: [][]float64{{1}},
		Mask: "causal",
	}
	res, err := attention.Run(spec)
	if err != nil {
		panic(err)
	}
	return res, spec
}

func ExampleWriteLaTeX() {
	res, _ := example()
	if err := export.WriteLaTeX(os.Stdout, res, export.Mean); err != nil {
		fmt.Println(err)
	}
	// Output:
	// % attention weights, the only head: rows are queries, columns keys (needs amsmath)
	// % queries: cat & sat\_1
	// % keys: cat & sat\_1
	// \begin{bmatrix}
	// 1.000 & 0.000 \\
	// 0.250 & 0.750
	// \end{bmatrix}
}

func ExampleWriteMarkdown() {
	res, _ := example()
	if err := export.WriteMarkdown(os.Stdout, res, 0); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Attention weights, head 0: rows are queries, columns keys.
	//
	// | query \\ key | cat | sat\_1 |
	// | :--- | ---: | ---: |
	// | cat | 1.000 | 0.000 |
	// | sat\_1 | 0.250 | 0.750 |
}

// The CSV keeps every bit of a weight: 3/4 computed through exp(ln 3) is a
// hair below 0.75.
func ExampleWriteCSV() {
	res, _ := example()
	if err := export.WriteCSV(os.Stdout, res); err != nil {
		fmt.Println(err)
	}
	// Output:
	// head,query,query_token,key,key_token,weight
	// 0,0,cat,0,cat,1
	// 0,0,cat,1,sat_1,0
	// 0,1,sat_1,0,cat,0.25
	// 0,1,sat_1,1,sat_1,0.7499999999999999
}

func ExampleWriteText() {
	res, spec := example()
	if err := export.WriteText(os.Stdout, res, spec); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 2 tokens · 1 head · d_model 1, d_k 1 · causal mask · scores ÷ √d_k
	// rows: queries; columns: keys; each row sums to 1 over the keys it may attend to
	// heatmap: blank = 0 (masked), ░ ≤ 0.25 < ▒ ≤ 0.5 < ▓ ≤ 0.75 < █ ≤ 1
	//
	// head 0
	// query \ key   cat sat_1
	// cat         1.000 0.000  │██  │
	// sat_1       0.250 0.750  │░░▓▓│
}

// The scores of sat are 0 and ln 3 = 1.0986…; its output is ¾ of the value
// √(ln 3) = 1.0481….
func ExampleWriteJSON() {
	res, _ := example()
	if err := export.WriteJSON(os.Stdout, res); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"tokens":["cat","sat_1"],"heads":[{"q":[[0],[1.0481470739682048]],"k":[[0],[1.0481470739682048]],"v":[[0],[1.0481470739682048]],"scores":[[0,0],[0,1.0986122886681096]],"weights":[[1,0],[0.25,0.7499999999999999]],"output":[[0],[0.7861103054761535]]}],"weights_mean":[[1,0],[0.25,0.7499999999999999]],"output":[[0],[0.7861103054761535]]}
}

func ExampleLabel() {
	res, spec := example()
	l := export.LabelOf(res, spec, export.Mean)
	fmt.Println(l.FileName("png"))
	fmt.Println(l.Caption())

	l = export.Label{Sentence: "The cat sat on the mat.", Heads: 2, Head: 0, Causal: true, DModel: 16, Seed: 1, Seeded: true}
	fmt.Println(l.FileName("svg"))
	fmt.Println(l.Caption())
	// Output:
	// attention-cat-sat-1-causal-d1.png
	// “cat sat_1” · 1 head · causal · d_model 1
	// attention-the-cat-sat-on-the-mat-h1-causal-d16-seed1.svg
	// “The cat sat on the mat.” · head 1 of 2 · causal · d_model 16 · seed 1
}
