// Package attention computes self- and cross-attention, step by step, in
// float64, with every intermediate kept for display: the engine behind the
// attention visualizer's heatmaps and its command line.
//
// # Softmax
//
// Softmax turns a row of real scores into weights that are positive and sum
// to 1: softmax(s)ᵢ = exp(sᵢ) / Σⱼ exp(sⱼ). Computed as written it overflows
// for scores above about 709, so it is computed as exp(sᵢ − m) / Σⱼ exp(sⱼ − m)
// with m the largest score, which is the same number: now every exponent is
// ≤ 0, the largest term is exactly 1, and no row of finite scores, however
// large, gives Inf or NaN.
//
// # Scaled dot-product attention
//
// Each token i asks a question, its query qᵢ, and offers a key kᵢ (what it
// answers to) and a value vᵢ (what it gives). How much token i attends to
// token j is the softmax,
// over j, of the similarity qᵢ·kⱼ; what token i receives is the weighted mean
// of the values. With the queries, keys and values as the rows of Q, K and V:
//
//	Attention(Q, K, V) = softmax(Q·Kᵀ / √d_k) · V
//
// where the softmax is taken row by row, so that row i of the weights is a
// distribution over the keys.
//
// Why divide by √d_k: if the d_k components of a query and a key are
// independent with mean 0 and variance 1, their dot product has mean 0 and
// variance d_k. Wide heads would then give scores so spread that the softmax
// saturates to a single 1 whose gradient vanishes; dividing by √d_k brings the
// variance back to 1 whatever the width. Temperature divides the scores
// further: above 1 it flattens the weights towards uniform, below 1 it
// sharpens them towards the arg max.
//
// # Masks
//
// A masked score is set to −∞ before the softmax, so its weight is exactly 0
// and the other weights of the row still sum to 1.
//
//   - Causal: query i may attend only to keys j ≤ i, as in a decoder that
//     must not see the future. The weights are lower triangular.
//   - Key padding: keys j ≥ valid are padding (a batch of sentences padded to
//     one length) and are masked for every query, as PyTorch's
//     key_padding_mask. The rows of padded queries are still computed.
//
// A row whose every key is masked (valid = 0, say) has no distribution to
// speak of: its weights are all 0 and its output row is 0, not NaN.
//
// # Where Q, K and V come from, and Xavier initialisation
//
// From the input X (n tokens × d_model), Q = X·Wq, K = X·Wk and V = X·Wv, with
// learnt projections. This package does not train: absent weights are drawn by
// Xavier (Glorot) normal initialisation, N(0, 2/(fan_in + fan_out)), the
// scale at which a product X·W keeps X's variance, so that untrained
// attention is neither saturated nor flat. In text mode X itself comes from
// package text: one random vector per distinct token, plus optionally the
// sinusoidal positional encoding, without which attention cannot tell word
// order (permuting the tokens permutes the result).
//
// # Multi-head attention
//
// With h heads, the columns of X·Wq, X·Wk and X·Wv are split into h blocks of
// d_k (d_v for the values) columns; each head attends on its own block, so the
// heads can look for different relations. Their outputs are concatenated side
// by side (n × h·d_v) and projected by Wo:
//
//	headᵢ = Attention(X·Wqᵢ, X·Wkᵢ, X·Wvᵢ)
//	MultiHead(X) = [head₀ | … | head₍h₋₁₎] · Wo
//
// The usual choice d_k = d_model/h keeps the cost of h heads that of one.
//
// Forward computes exactly torch.nn.MultiheadAttention(d_model, h,
// bias=False) called with query = key = value = X (key = value = XKV in
// cross-attention), need_weights=True and average_attn_weights=True: its in_proj_weight is [Wqᵀ; Wkᵀ; Wvᵀ], its
// out_proj.weight is Woᵀ, and the weights it returns are WeightsMean, the
// mean of the heads' weights. Its key_padding_mask is Valid, its
// is_causal/attn_mask the causal mask; where every key of a row is masked,
// PyTorch gives NaN and this package 0.
//
// # Cross-attention
//
// Attention began between two sequences: a translation's decoder, writing
// the target sentence, looked back at the encoder's states of the source
// sentence. Cross-attention takes the queries from one sequence (X, n rows)
// and the keys and values from another (XKV, m rows):
//
//	Q = X·Wq,  K = XKV·Wk,  V = XKV·Wv,  weights n × m
//
// Each row of the weights is then a distribution over the other sentence's
// tokens: an alignment. Bahdanau et al. (2015) computed the score of a
// decoder state s and an encoder state h with a small network; the bilinear
// score sᵀ·W·h that followed is the dot product of a query and a key once W
// is factored as Wq·Wkᵀ: sᵀ·Wq·Wkᵀ·h = (s·Wq)·(h·Wk). Bilinear shows both on
// given numbers. Self-attention is the case XKV = X.
//
// # Backward
//
// Backward computes the gradients of a scalar loss with respect to X (and
// XKV), Wq, Wk, Wv and Wo, given the loss's gradient with respect to the output (for
// L = Σ Output ⊙ G, that is G): what training needs. It runs the forward's
// products in reverse, each transposed: an output Y = A·B passes
// ∂L/∂A = ∂L/∂Y·Bᵀ and ∂L/∂B = Aᵀ·∂L/∂Y. The one step that is not a product
// is the softmax. Its weight wⱼ = exp(sⱼ)/Σₖ exp(sₖ) depends on every logit
// of its row, ∂wⱼ/∂sᵢ = wⱼ(δᵢⱼ − wᵢ), so
//
//	∂L/∂sᵢ = Σⱼ ∂L/∂wⱼ · wⱼ(δᵢⱼ − wᵢ) = wᵢ (∂L/∂wᵢ − Σⱼ wⱼ ∂L/∂wⱼ)
//
// a weight's own gradient less the row's weighted mean, scaled by the weight.
// A masked key has weight 0 and so passes nothing back, and a fully masked
// row none at all; √d_k and the temperature divide the gradient of the
// scores as they divide the scores. Backward reuses its buffers as Forward
// does and gives the same bits on every GOARCH.
//
// # Specs, results and determinism
//
// A Spec is the problem as users write it (JSON, see
// testdata/reference/README.md); ParseSpec reads it strictly and Resolve
// validates it into an Input, with errors that name the field. Forward
// computes a Result, whose MarshalJSON is the result contract (with the
// gradients of the spec's grad_output when it has one). An Engine
// keeps generated weights and result buffers across the runs of an
// interactive UI; Forward into a Result of unchanged shapes allocates nothing.
//
// The same spec gives bit-identical results on amd64 and in WebAssembly: the
// exponentials and logarithms come from package detmath instead of math.Exp
// (assembly on amd64), random numbers from math/rand/v2's PCG, and matrix
// products sum every element in the order of gonum's untransposed Dgemm path
// (kernel.go, tested bit for bit against mat.Mul): in WebAssembly with a
// pure-Go loop, on amd64 with an AVX kernel in assembly that does the same
// separate multiplies and adds four lanes at a time, large products split
// by rows among goroutines.
package attention
