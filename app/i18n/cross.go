package i18n

// The strings of cross-attention in the compare view (app/views/cross.go).
// crossMessages are this file's texts, a map of its own (see sources).
var crossMessages = map[string]map[string]string{
	LangEN: {
		"cross.toggle":    "Cross-attention: queries from the first sentence, keys and values from the second",
		"cross.title":     "Cross-attention",
		"cross.intro":     "The queries come from one sentence (the “decoder” side, the sentence above) and the keys and values from another (the “encoder” side, below), as when a translation model looks back at the sentence it translates. The weights are a rectangle: a row per query token, a column per key token, and each row still sums to 1.",
		"cross.kv":        "Keys and values from (the encoder's sentence)",
		"cross.chart":     "Cross-attention weights, %s",
		"cross.caption":   "Rows: the first sentence's tokens (queries). Columns: the second sentence's tokens (keys and values). Click a cell to check its score below.",
		"cross.check":     "The score of one cell, two ways",
		"cross.cell":      "Row %d “%s”, column %d “%s”, head %d: s is the query token's vector (a row of X), h the key token's (a row of X_kv).",
		"cross.bilinear":  "Bilinear score sᵀ·W·h with W = Wq·Wkᵀ (%d×%d): %s",
		"cross.dot":       "Query times key (s·Wq)·(h·Wk): %s",
		"cross.score":     "The engine's score Q·Kᵀ for this cell: %s",
		"cross.same":      "The same number: the bilinear score of Luong et al. (2015) is a query times a key once W is split into Wq·Wkᵀ.",
		"cross.empty":     "Type a second sentence: its tokens give the keys and values.",
		"cross.tooMany":   "The second sentence, of the keys and values, has too many tokens: at most %d, and it has about %d words. Shorten it.",
		"cross.tooLong":   "The second sentence, of the keys and values, is too long: at most %d bytes, and it has %d. Shorten it.",
		"cross.exampleQ":  "le chat dort",
		"cross.exampleKV": "the black cat sleeps",

		"tour.cross.title": "Cross-attention: two sentences",
		"tour.cross.body":  "In a translation model the queries come from the sentence being written (here French) and the keys and values from the sentence being translated (English): each French word weighs every English word. The weights are a rectangle, and the score of a cell, sᵀ·W·h with W = Wq·Wkᵀ, is exactly the query times the key. Click a cell to check it.",
	},
	LangZH: {
		"cross.toggle":    "交叉注意力：查询来自第一句，键和值来自第二句",
		"cross.title":     "交叉注意力",
		"cross.intro":     "查询来自一个句子（“解码器”一侧，即上面的句子），键和值来自另一个句子（“编码器”一侧，即下面的句子），就像翻译模型回看它正在翻译的原句。权重是一个长方形：每个查询词元一行，每个键词元一列，每一行的和仍为 1。",
		"cross.kv":        "键和值来自（编码器的句子）",
		"cross.chart":     "交叉注意力权重，%s",
		"cross.caption":   "行：第一句的词元（查询）。列：第二句的词元（键和值）。点击一个格子，在下面核对它的分数。",
		"cross.check":     "一个格子的分数，两种算法",
		"cross.cell":      "第 %d 行“%s”，第 %d 列“%s”，第 %d 个头：s 是查询词元的向量（X 的一行），h 是键词元的向量（X_kv 的一行）。",
		"cross.bilinear":  "双线性分数 sᵀ·W·h，其中 W = Wq·Wkᵀ（%d×%d）：%s",
		"cross.dot":       "查询乘以键 (s·Wq)·(h·Wk)：%s",
		"cross.score":     "引擎为这个格子算出的分数 Q·Kᵀ：%s",
		"cross.same":      "是同一个数：把 W 拆成 Wq·Wkᵀ 之后，翻译模型中的双线性对齐分数就是查询乘以键。",
		"cross.empty":     "请输入第二个句子：它的词元给出键和值。",
		"cross.tooMany":   "第二个句子（给出键和值）的词元过多：最多 %d 个，而它约有 %d 个词。请缩短它。",
		"cross.tooLong":   "第二个句子（给出键和值）过长：最多 %d 字节，而它有 %d 字节。请缩短它。",
		"cross.exampleQ":  "小猫睡着了",
		"cross.exampleKV": "黑色的猫在睡觉",

		"tour.cross.title": "交叉注意力：两个句子",
		"tour.cross.body":  "在翻译模型中，查询来自正在写出的句子（第一句），键和值来自被翻译的句子（第二句）：第一句的每个词元为第二句的每个词元分配权重。权重是一个长方形；一个格子的分数 sᵀ·W·h（W = Wq·Wkᵀ）正好等于查询乘以键。点击一个格子来核对。",
	},
}
