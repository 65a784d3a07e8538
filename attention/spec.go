package attention

// Spec is an attention problem as it arrives from a user: JSON from a file,
// stdin, a pasted text box or a link. Its fields and their meaning are those of
// testdata/reference/README.md. A Spec is untrusted; Resolve checks it.
//
// A Spec gives its input in one of two ways:
//   - matrices: Tokens and X (n × d_model), with Wq, Wk, Wv and optionally Wo;
//   - text: Text (with DModel, Seed, Positional), from which Resolve builds
//     Tokens and X with package text.
//
// Any of Wq, Wk, Wv that is absent is initialised from Seed (Xavier normal).
// Wo, when absent, is initialised in text mode and means "no output
// projection" in matrix mode, as the reference contract says.
type Spec struct {
	Tokens []string    `json:"tokens,omitempty"`
	X      [][]float64 `json:"x,omitempty"`
	Wq     [][]float64 `json:"wq,omitempty"`
	Wk     [][]float64 `json:"wk,omitempty"`
	Wv     [][]float64 `json:"wv,omitempty"`
	Wo     [][]float64 `json:"wo,omitempty"`

	Heads       int      `json:"heads,omitempty"`       // default 1
	Mask        string   `json:"mask,omitempty"`        // "none" (default) or "causal"
	Valid       *int     `json:"valid,omitempty"`       // default n
	Scale       *bool    `json:"scale,omitempty"`       // default true
	Temperature *float64 `json:"temperature,omitempty"` // default 1

	// Text mode, and initialisation of absent weights.
	Text       *string `json:"text,omitempty"`
	DModel     int     `json:"d_model,omitempty"`    // text mode: embedding width
	DK         int     `json:"d_k,omitempty"`        // generated Wq/Wk/Wv: columns per head; default d_model/heads
	Seed       int64   `json:"seed,omitempty"`       // seeds embeddings and generated weights
	Positional bool    `json:"positional,omitempty"` // add sinusoidal positional encoding to X
}
