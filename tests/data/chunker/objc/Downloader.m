#import "Downloader.h"
#import <Foundation/Foundation.h>

static NSString *const kDefaultHost = @"example.com";

@interface Downloader ()
@property (nonatomic, strong) NSURLSession *session;
- (void)finishWithData:(NSData *)data;
@end

/// Downloads files one at a time.
@implementation Downloader

- (instancetype)initWithHost:(NSString *)host {
    self = [super init];
    if (self) {
        _host = [host copy];
        _session = [NSURLSession sessionWithConfiguration:[NSURLSessionConfiguration defaultSessionConfiguration]];
    }
    return self;
}

/// Starts downloading `path`; calls `completion` on the main queue.
- (void)download:(NSString *)path completion:(void (^)(NSData *data, NSError *error))completion {
    NSURL *url = [NSURL URLWithString:[NSString stringWithFormat:@"https://%@/%@", self.host, path]];
    [[self.session dataTaskWithURL:url completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        dispatch_async(dispatch_get_main_queue(), ^{
            completion(data, error);
        });
    }] resume];
}

- (void)finishWithData:(NSData *)data {
    NSLog(@"%lu bytes", (unsigned long)data.length);
}

+ (instancetype)sharedDownloader {
    static Downloader *shared;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        shared = [[Downloader alloc] initWithHost:kDefaultHost];
    });
    return shared;
}

@end

NSString *DownloaderVersion(void) {
    return @"1.0";
}
