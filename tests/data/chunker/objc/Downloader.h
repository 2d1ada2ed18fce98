#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// Something that can be cancelled.
@protocol Cancellable <NSObject>
- (void)cancel;
@optional
- (BOOL)isCancelled;
@end

/// Downloads files one at a time.
@interface Downloader : NSObject <Cancellable>

@property (nonatomic, copy, readonly) NSString *host;

- (instancetype)initWithHost:(NSString *)host NS_DESIGNATED_INITIALIZER;
- (void)download:(NSString *)path completion:(void (^)(NSData *_Nullable data, NSError *_Nullable error))completion;
+ (instancetype)sharedDownloader;

@end

@interface Downloader (Retry)
- (void)retryLast;
@end

typedef NS_ENUM(NSInteger, DownloadState) {
    DownloadStateIdle,
    DownloadStateRunning,
};

FOUNDATION_EXPORT NSString *DownloaderVersion(void);

NS_ASSUME_NONNULL_END
