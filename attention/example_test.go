package attention_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

func ExampleSoftmax() {
	// The largest score is subtracted first: scores this large do not overflow.
	scores := []float64{1000, 1000 + math.Log(3), math.Inf(-1)}
	weights := make([]float64, len(scores))
	attention.Softmax(weights, scores)
	fmt.Printf("%.4f\n", weights)

	// A row whose every key is masked gets zero weights, not NaN.
	attention.Softmax(weights, []float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)})
	fmt.Println(weights)
	// Output:
	// [0.2500 0.7500 0.0000]
	// [0 0 0]
}

func ExampleScaledDotProduct() {
	// Three tokens with d_k = 2. Token 2's query points along token 0's key.
	q := mat.NewDense(3, 2, []float64{
		1, 0,
		0, 1,
		4, 0,
	})
	k := mat.NewDense(3, 2, []float64{
		1, 0,
		0, 1,
		1, 1,
	})
	v := mat.NewDense(3, 1, []float64{10, 20, 30})
	var head attention.Head
	attention.ScaledDotProduct(&head, q, k, v, attention.Options{Causal: true, Valid: 3, Scale: true})
	fmt.Printf("scores:\n%.4g\n", mat.Formatted(head.Scores))
	fmt.Printf("weights:\n%.4f\n", mat.Formatted(head.Weights))
	fmt.Printf("output:\n%.4f\n", mat.Formatted(head.Output))
	// Output:
	// scores:
	// ⎡1  0  1⎤
	// ⎢0  1  1⎥
	// ⎣4  0  4⎦
	// weights:
	// ⎡1.0000  0.0000  0.0000⎤
	// ⎢0.3302  0.6698  0.0000⎥
	// ⎣0.4856  0.0287  0.4856⎦
	// output:
	// ⎡10.0000⎤
	// ⎢16.6976⎥
	// ⎣20.0000⎦
}

func ExampleRun() {
	spec, err := attention.ParseSpec([]byte(`{
		"tokens": ["I", "saw", "it"],
		"x":  [[1, 0], [0, 1], [1, 1]],
		"wq": [[1, 0], [0, 1]],
		"wk": [[1, 0], [0, 1]],
		"wv": [[1, 0], [0, 1]],
		"mask": "causal"
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := attention.Run(spec)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, tok := range res.Tokens {
		fmt.Printf("%-3s attends %.3f, outputs %.3f\n", tok, res.WeightsMean.RawRowView(i), res.Output.RawRowView(i))
	}

	// Invalid specs give an error that names the field.
	spec.Heads = 3
	_, err = attention.Run(spec)
	fmt.Println(err)
	// Output:
	// I   attends [1.000 0.000 0.000], outputs [1.000 0.000]
	// saw attends [0.330 0.670 0.000], outputs [0.330 0.670]
	// it  attends [0.248 0.248 0.503], outputs [0.752 0.752]
	// wq: 2 columns do not split into 3 heads
}
