import 'dart:async';
import 'package:shop/models.dart';
export 'src/pricing.dart';

/// A shopping cart.
///
/// Holds [Item]s and their quantities.
class Cart extends ChangeNotifier with Persistable implements Countable {
  final Map<String, int> _items = {};
  final String owner;

  /// Creates an empty cart.
  Cart(this.owner);

  /// Restores a cart from JSON.
  Cart.fromJson(Map<String, dynamic> json) : owner = json['owner'] as String {
    (json['items'] as Map).forEach((k, v) => _items[k] = v as int);
  }

  factory Cart.guest() => Cart('guest');

  @override
  int get count => _items.values.fold(0, (a, b) => a + b);

  set discount(double value) => _discount = value;
  double _discount = 0;

  /// Adds [quantity] of [item].
  void add(Item item, {int quantity = 1}) {
    _items.update(item.sku, (q) => q + quantity, ifAbsent: () => quantity);
    notifyListeners();
  }

  Future<double> total(PriceService prices) async {
    var sum = 0.0;
    for (final entry in _items.entries) {
      sum += await prices.lookup(entry.key) * entry.value;
    }
    return sum * (1 - _discount);
  }
}

mixin Persistable {
  Future<void> save() async {
    await Storage.instance.write(toString());
  }
}

abstract class Countable {
  int get count;
}

enum Status { open, paid, shipped }

extension CartTotals on Cart {
  bool get isEmpty => count == 0;
}

typedef Listener = void Function(Cart cart);

void main() {
  final cart = Cart.guest();
  cart.add(Item('apple'), quantity: 2);
}
