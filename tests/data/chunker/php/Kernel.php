<?php

declare(strict_types=1);

namespace App\Http;

use App\Http\Middleware\Authenticate;
use Psr\Log\LoggerInterface;
use function sprintf;

/**
 * Turns a request into a response through the middleware stack.
 */
final class Kernel extends BaseKernel implements KernelInterface
{
    use HandlesErrors;

    public const VERSION = '2.1';

    private array $middleware = [];

    /**
     * @param LoggerInterface $logger where failures are reported
     */
    public function __construct(private LoggerInterface $logger)
    {
        parent::__construct();
        $this->middleware[] = new Authenticate();
    }

    /**
     * Handles one request.
     */
    public function handle(Request $request): Response
    {
        foreach ($this->middleware as $layer) {
            $request = $layer->process($request);
        }
        try {
            return $this->dispatch($request);
        } catch (\Throwable $e) {
            $this->logger->error(sprintf('failed: %s', $e->getMessage()));
            return Response::error(500);
        }
    }

    protected function dispatch(Request $request): Response
    {
        return Router::instance()->route($request);
    }

    public static function create(): static
    {
        return new static(new NullLogger());
    }
}

interface KernelInterface
{
    public function handle(Request $request): Response;
}

trait HandlesErrors
{
    public function report(\Throwable $e): void
    {
        error_log($e->getMessage());
    }
}

enum Status: int
{
    case Ok = 200;
    case NotFound = 404;

    public function label(): string
    {
        return ucfirst(strtolower($this->name));
    }
}

function kernel(): Kernel
{
    return Kernel::create();
}
