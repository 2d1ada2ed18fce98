using System;
using System.Collections.Generic;
using System.Linq;
using Shop.Data;

namespace Shop.Orders
{
    /// <summary>
    /// Places and cancels orders against the inventory.
    /// </summary>
    public class OrderService : IOrderService, IDisposable
    {
        private readonly IInventory _inventory;
        private readonly List<Order> _pending = new();

        /// <summary>Creates the service.</summary>
        /// <param name="inventory">Where stock is reserved.</param>
        public OrderService(IInventory inventory)
        {
            _inventory = inventory ?? throw new ArgumentNullException(nameof(inventory));
        }

        public int PendingCount => _pending.Count;

        /// <summary>Reserves every line of the order, or none.</summary>
        [Obsolete("Use PlaceAsync")]
        public Order Place(Customer customer, IEnumerable<OrderLine> lines)
        {
            var order = new Order(customer, lines.ToList());
            foreach (var line in order.Lines)
            {
                if (!_inventory.TryReserve(line.Sku, line.Quantity))
                {
                    Rollback(order);
                    throw new OutOfStockException(line.Sku);
                }
            }
            _pending.Add(order);
            return order;
        }

        private void Rollback(Order order)
        {
            foreach (var line in order.Lines)
                _inventory.Release(line.Sku, line.Quantity);
        }

        public void Dispose() => _pending.Clear();

        public enum State { Open, Shipped, Cancelled }

        private sealed class Audit
        {
            public static void Write(string message) => Console.WriteLine(message);
        }
    }

    public interface IOrderService
    {
        Order Place(Customer customer, IEnumerable<OrderLine> lines);
        int PendingCount { get; }
    }

    public record OrderLine(string Sku, int Quantity);

    public struct Money
    {
        public decimal Amount;
        public string Currency;

        public Money(decimal amount, string currency)
        {
            Amount = amount;
            Currency = currency;
        }

        public static Money operator +(Money a, Money b) => new Money(a.Amount + b.Amount, a.Currency);
    }

    public static class OrderExtensions
    {
        public static decimal Total(this Order order) =>
            order.Lines.Sum(l => l.Quantity * Prices.Lookup(l.Sku));
    }
}
