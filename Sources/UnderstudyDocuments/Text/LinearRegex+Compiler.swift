/// The tree written as the Pike VM's program: splits and jumps, repetitions expanded within the size bound.
extension LinearRegex {
    struct Compiler {
        var program: [Instruction] = []

        mutating func emit(_ node: Node) throws(SyntaxError) {
            // Checked as it grows: `(a{100}){100}` must stop here, not after 10,000 steps are written.
            guard program.count <= LinearRegex.maxProgramSize else {
                throw SyntaxError(offset: 0, message: "too large once repetitions are expanded (at most \(LinearRegex.maxProgramSize) steps)")
            }
            switch node {
            case .scalar(let scalar): program.append(.scalar(scalar))
            case .set(let set): program.append(.set(set))
            case .any: program.append(.any)
            case .atStart: program.append(.atStart)
            case .atEnd: program.append(.atEnd)
            case .concatenation(let items):
                for item in items { try emit(item) }
            case .alternation(let branches):
                var jumps: [Int] = []
                for (index, branch) in branches.enumerated() {
                    if index < branches.count - 1 {
                        let split = program.count
                        program.append(.split(split + 1, 0))
                        try emit(branch)
                        jumps.append(program.count)
                        program.append(.jump(0))
                        program[split] = .split(split + 1, program.count)
                    } else {
                        try emit(branch)
                    }
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            case .repetition(let inner, let min, let max):
                for _ in 0..<min { try emit(inner) }
                if let max {
                    // Each optional copy may be skipped to the end.
                    var splits: [Int] = []
                    for _ in min..<max {
                        splits.append(program.count)
                        program.append(.split(program.count + 1, 0))
                        try emit(inner)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let loop = program.count
                    program.append(.split(loop + 1, 0))
                    try emit(inner)
                    program.append(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                }
            }
        }
    }
}
