package i18n

// The strings of the guided tour (app/views/tour.go): each step's title
// and text, "tour.<id>.title" and "tour.<id>.body", and the tour's
// controls and messages.
// tourMessages are this file's texts, a map of its own (see sources).
var tourMessages = map[string]map[string]string{
	LangEN: {
		"view.tour":     "Tour",
		"tour.name":     "A tour of self-attention",
		"tour.sentence": "The cat sat on the mat.",
		"tour.progress": "Step %d of %d",
		"tour.prev":     "← Back",
		"tour.next":     "Next →",
		"tour.steps":    "Steps of the tour",
		"tour.keys":     "Use ← and → to step through the tour.",
		"tour.badStep":  "The tour has no step %s: its steps are 1 to %d.",
		"tour.badTour":  "There is no tour called “%s”.",
		"tour.start":    "Start the tour",

		// The notice of a student's work that opening the tour replaced (app/page/tour_mine.go).
		"notice.tourMine":     "The tour uses its own sentence and settings. Yours (“%s”) are kept.",
		"notice.tourMineBack": "Back to mine",

		"tour.lookup.title":  "Attention is a soft lookup",
		"tour.lookup.body":   "Each token asks a question (its query) of every token (their keys), and takes a blend of their values, weighted by how well each key answers. Each row of the heatmap is one token's lookup, and its weights sum to 1.",
		"tour.qkv.title":     "Q, K and V are learned projections",
		"tour.qkv.body":      "Queries, keys and values are the same token vectors X multiplied by three matrices, Wq, Wk and Wv. Here they are random; training would shape them so that the right keys answer each query.",
		"tour.scores.title":  "The score matrix",
		"tour.scores.body":   "Q·Kᵀ holds one dot product for every pair of a query and a key: large where the two point the same way. Row i is what token i's query finds in every key.",
		"tour.scaling.title": "Why divide by √d_k",
		"tour.scaling.body":  "A dot product sums d_k terms, so the scores spread more as heads get wider, and the softmax then puts nearly all the weight on one key. Dividing by √d_k keeps the spread the same. Turn the scaling off and raise d_k to watch the rows saturate.",
		"tour.softmax.title": "Softmax, row by row",
		"tour.softmax.body":  "The softmax turns each row of scaled scores into weights: all positive, summing to 1. Each row is on its own: one query's weights do not depend on another's.",
		"tour.output.title":  "The output",
		"tour.output.body":   "Each token's output is the weighted sum of the value vectors: o_i = Σ_j w_ij·v_j. The panel below works one weight out by hand; click any cell to work out another.",
		"tour.causal.title":  "The causal mask",
		"tour.causal.body":   "With the causal mask a token sees only itself and the tokens before it: the scores above the diagonal become −∞ and their weights 0. A model that writes text one word at a time needs this, or it would read the answer.",
		"tour.padding.title": "Padding",
		"tour.padding.body":  "Sentences of different lengths go through together by padding the shorter one with ∅. The key-padding mask gives the padded keys weight exactly 0, so the real tokens' weights are as if alone.",
		"tour.heads.title":   "Several heads, and Wo",
		"tour.heads.body":    "Several heads attend side by side, each in its own d_model/heads columns with its own Wq, Wk, Wv. Their outputs are joined side by side and mixed back by one more matrix, Wo.",
		"tour.compare.title": "The same weights on two sentences",
		"tour.compare.body":  "Both sentences go through the same weights. Swap two words and see which rows change: without positional encoding, attention sees a sentence as a bag of tokens, so each row follows its own token wherever it moves.",

		"tour.learn.title": "A model learning the answer",
		"tour.learn.body":  "Until now every weight was random. Here a small model made only of attention learns to write a sequence backwards: position i must read position n−1−i. Watch the second heatmap while it trains, its caption counting the steps up to 150: at step 0 it is a near-uniform field, and step by step it becomes the anti-diagonal, from top right to bottom left. Attention has learned who matters to whom. Then open the layer in the pipeline and work a learned weight out by hand.",
	},
	LangZH: {
		"view.tour":     "导览",
		"tour.name":     "自注意力导览",
		"tour.sentence": "猫坐在垫子上。",
		"tour.progress": "第 %d 步，共 %d 步",
		"tour.prev":     "← 上一步",
		"tour.next":     "下一步 →",
		"tour.steps":    "导览的各个步骤",
		"tour.keys":     "用 ← 和 → 键逐步浏览导览。",
		"tour.badStep":  "导览没有第 %s 步：它的步骤是 1 到 %d。",
		"tour.badTour":  "没有名为“%s”的导览。",
		"tour.start":    "开始导览",

		"notice.tourMine":     "导览使用它自己的句子和设置。你的（“%s”）已保留。",
		"notice.tourMineBack": "回到我的",

		"tour.lookup.title":  "注意力是一种“软”查找",
		"tour.lookup.body":   "每个词元用它的查询向所有词元的键提问，再按每个键回答得有多好，把它们的值加权混合。热力图的每一行就是一个词元的查找，这一行的权重之和为 1。",
		"tour.qkv.title":     "Q、K、V 是学到的投影",
		"tour.qkv.body":      "查询、键和值都是同一组词元向量 X 分别乘以三个矩阵 Wq、Wk、Wv 得到的。这里它们是随机的；训练会调整它们，让合适的键回答每个查询。",
		"tour.scores.title":  "分数矩阵",
		"tour.scores.body":   "Q·Kᵀ 为每一对查询和键保存一个点积：两者方向越一致，点积越大。第 i 行就是第 i 个词元的查询在每个键上得到的结果。",
		"tour.scaling.title": "为什么要除以 √d_k",
		"tour.scaling.body":  "点积是 d_k 项之和，头越宽，分数越分散，softmax 就会把几乎全部权重放在一个键上。除以 √d_k 让分散程度保持不变。关闭缩放并增大 d_k，看各行如何饱和。",
		"tour.softmax.title": "逐行做 softmax",
		"tour.softmax.body":  "softmax 把缩放后分数的每一行变成权重：全为正，和为 1。每一行各自独立：一个查询的权重与另一个查询无关。",
		"tour.output.title":  "输出",
		"tour.output.body":   "每个词元的输出是值向量的加权和：o_i = Σ_j w_ij·v_j。下面的面板手算了一个权重；点击任意格子，手算另一个。",
		"tour.causal.title":  "因果掩码",
		"tour.causal.body":   "有了因果掩码，词元只能看到它自己和它之前的词元：对角线以上的分数变成 −∞，权重变成 0。逐词生成文本的模型需要它，否则就会偷看答案。",
		"tour.padding.title": "填充",
		"tour.padding.body":  "长度不同的句子可以用 ∅ 填充较短的一句后一起计算。键填充掩码让填充的键权重恰好为 0，真实词元的权重就和单独计算时一样。",
		"tour.heads.title":   "多个头，以及 Wo",
		"tour.heads.body":    "多个头并排计算注意力，每个头使用自己的 d_model/头数 列和自己的 Wq、Wk、Wv。它们的输出并排拼接，再由另一个矩阵 Wo 混合回来。",
		"tour.compare.title": "同一组权重作用于两句话",
		"tour.compare.body":  "两句话经过同一组权重。交换两个词，看哪些行发生变化：没有位置编码时，注意力把句子看作一袋词元，所以每一行都跟着自己的词元移动。",

		"tour.learn.title": "一个学会答案的模型",
		"tour.learn.body":  "到目前为止，所有权重都是随机的。这里一个只由注意力构成的小模型学习把序列倒过来写：位置 i 必须读取位置 n−1−i。训练时请看第二张热力图，它的标题会一步步数到第 150 步：第 0 步时它几乎是均匀的一片，随着一步步训练，它变成从右上到左下的反对角线。注意力学会了谁对谁重要。然后在流水线中打开这一层，亲手算出一个学到的权重。",
	},
}
