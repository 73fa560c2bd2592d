// The app as a UI test launches it: its environment is all it knows. One line per call.
import Foundation
import MyApp

let model = await FactModel()
await model.load()
print("fact \(await model.state)")
do {
    let placed = try await OrdersAPI().place(.init(item: "book", quantity: 2, giftNote: "for Ann"))
    print("order \(placed.id)")
} catch {
    print("order \(error)")
}
