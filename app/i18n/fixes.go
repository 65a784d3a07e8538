package i18n

// The messages of session 8's fixes: the Learn view's fields, the matrices
// view's JSON mistakes; and of session 22's: files chosen that hold no
// text, or not UTF-8, and JSON that ends too early.
// fixesMessages are this file's texts, a map of its own (see sources).
var fixesMessages = map[string]map[string]string{
	LangEN: {
		"learn.bad.learn-seed": "The seed is a whole number from 0 to %[2]s; “%[1]s” is not, so the seed stays %[3]s.",
		"learn.bad.lr":         "The learning rate is a number above 0 and at most %[2]s; “%[1]s” is not, so it stays %[3]s.",
		"learn.bad.until":      "Stop at step is a whole number from 1 to %[2]s; “%[1]s” is not, so it stays %[3]s.",
		"export.grid.status":   "Saving: the chart's own list below says when it is saved.",
		"error.tooMany.none":   "Too many tokens: at most %d, and this text has about %d words. Shorten the text to see its charts.",
		"error.tooLong":        "This text is too long: at most %d bytes, and it has %d. Shorten it; the charts still show the last sentence that fitted.",
		"error.tooLong.side":   "too long: at most %d bytes, and this text has %d. Shorten it.",
		"error.tooLong.none":   "This text is too long: at most %d bytes, and it has %d. Shorten it to see its charts.",
		"error.rejected.none":  "This input cannot be computed (%s). Change it to see its charts.",
		"teach.loaded.skipped": "Loaded a tour of %d steps; %d of them cannot be shown and are skipped (marked in the list below).",
		"mx.err.syntax":        "This is not valid JSON: there is a mistake at line %d, column %d, at “%s”. Check for a missing comma, quote or bracket; numbers are written in digits (NaN and Infinity are not allowed).",
		"mx.err.syntaxEnd":     "This JSON ends too early: something is missing at its end, such as a closing } or ]. Was the file or the paste cut short?",
		"file.empty":           "The file is empty.",
		"file.notUTF8":         "The file is not UTF-8 text, so some of its characters would be lost. Save it as UTF-8 and open it again.",
	},
	LangZH: {
		"learn.bad.learn-seed": "种子须是 0 到 %[2]s 之间的整数；“%[1]s”不是，种子仍为 %[3]s。",
		"learn.bad.lr":         "学习率须是大于 0、不超过 %[2]s 的数；“%[1]s”不是，学习率仍为 %[3]s。",
		"learn.bad.until":      "停止步数须是 1 到 %[2]s 之间的整数；“%[1]s”不是，仍为 %[3]s。",
		"export.grid.status":   "正在保存：下方该图表所在的列表会显示何时保存完成。",
		"error.tooMany.none":   "词元过多：最多 %d 个，而此文本约有 %d 个词。请缩短文本，即可看到它的图表。",
		"error.tooLong":        "此文本过长：最多 %d 字节，而它有 %d 字节。请缩短它；图表仍显示上一句未超限的输入。",
		"error.tooLong.side":   "过长：最多 %d 字节，而此文本有 %d 字节。请缩短它。",
		"error.tooLong.none":   "此文本过长：最多 %d 字节，而它有 %d 字节。请缩短它，即可看到它的图表。",
		"error.rejected.none":  "无法计算此输入（%s）。请修改后再看图表。",
		"teach.loaded.skipped": "已载入一个 %d 步的导览；其中 %d 步无法显示，将被跳过（已在下方列表中标出）。",
		"mx.err.syntax":        "这不是有效的 JSON：第 %d 行第 %d 列（“%s”处）有错误。请检查是否缺少逗号、引号或括号；数字须用阿拉伯数字书写（不能用 NaN 或无穷大）。",
		"mx.err.syntaxEnd":     "这段 JSON 过早结束：结尾缺少内容，例如右括号 } 或 ]。文件或粘贴的内容是否被截断了？",
		"file.empty":           "这个文件是空的。",
		"file.notUTF8":         "这个文件不是 UTF-8 文本，其中一些字符会丢失。请将它另存为 UTF-8 后重新打开。",
	},
}
