defmodule Shop.WorkerTest do
  use ExUnit.Case, async: true

  alias Shop.Worker

  describe "perform/1" do
    test "returns :ok for a known job" do
      assert :ok == Worker.perform(%{"id" => 1})
    end
  end

  defmodule FailingWorker do
    use Shop.Worker, queue: :default
  end
end
