defmodule Shop.Cart do
  @moduledoc """
  A shopping cart: items with quantities and a total.
  """

  alias Shop.{Item, Prices}
  import Shop.Format, only: [money: 1]
  require Logger
  use GenServer

  defstruct items: %{}, owner: nil

  @type t :: %__MODULE__{items: map(), owner: String.t() | nil}

  @doc """
  Creates an empty cart for `owner`.
  """
  @spec new(String.t()) :: t()
  def new(owner), do: %__MODULE__{owner: owner}

  @doc "Adds `quantity` of `item`."
  def add(%__MODULE__{items: items} = cart, %Item{} = item, quantity \\ 1) do
    items = Map.update(items, item.sku, quantity, &(&1 + quantity))
    Logger.debug("added #{item.sku}")
    %{cart | items: items}
  end

  def total(cart) do
    cart.items
    |> Enum.map(fn {sku, q} -> Prices.lookup(sku) * q end)
    |> Enum.sum()
    |> money()
  end

  defp validate(cart) when map_size(cart.items) > 0, do: {:ok, cart}
  defp validate(_cart), do: {:error, :empty}

  @impl true
  def init(owner), do: {:ok, new(owner)}

  defmacro with_cart(owner, do: block) do
    quote do
      cart = Shop.Cart.new(unquote(owner))
      unquote(block)
    end
  end

  defprotocol Priced do
    def price(item)
  end

  defimpl Priced, for: Item do
    def price(item), do: item.price
  end

  defmodule Line do
    @moduledoc false
    defstruct [:sku, :quantity]

    def subtotal(%Line{quantity: q}, price), do: q * price
  end
end
