// DealService (proto/skat/v1/deal_service.proto): board sets made by the engine's keyed
// generator (engine/deal), committed before play, revealed and verifiable after.
#ifndef SKAT_SERVICES_DEAL_DEAL_SERVICE_H_
#define SKAT_SERVICES_DEAL_DEAL_SERVICE_H_

#include "services/store/event_store.h"
#include "skat/v1/deal_service.grpc.pb.h"

namespace skat::service {

class DealServiceImpl final : public skat::v1::DealService::Service {
 public:
  // REQUIRES: store outlives the service.
  explicit DealServiceImpl(store::EventStore& store) : store_(store) {}

  grpc::Status CreateBoardSet(grpc::ServerContext* context,
                              const v1::CreateBoardSetRequest* request,
                              v1::BoardSet* response) override;
  grpc::Status GetBoardSet(grpc::ServerContext* context, const v1::GetBoardSetRequest* request,
                           v1::BoardSet* response) override;
  grpc::Status ListBoardSets(grpc::ServerContext* context, const v1::ListBoardSetsRequest* request,
                             v1::ListBoardSetsResponse* response) override;
  grpc::Status EnterBeacon(grpc::ServerContext* context, const v1::EnterBeaconRequest* request,
                           v1::BoardSet* response) override;
  grpc::Status GetBoard(grpc::ServerContext* context, const v1::GetBoardRequest* request,
                        v1::Board* response) override;
  grpc::Status RevealBoardSet(grpc::ServerContext* context,
                              const v1::RevealBoardSetRequest* request,
                              v1::BoardSet* response) override;
  grpc::Status VerifyBoardSet(grpc::ServerContext* context,
                              const v1::VerifyBoardSetRequest* request,
                              v1::VerifyBoardSetResponse* response) override;
  grpc::Status ExportBoardSet(grpc::ServerContext* context,
                              const v1::ExportBoardSetRequest* request,
                              v1::ExportBoardSetResponse* response) override;

 private:
  // Who may read a set: everyone, the director only, or the director until the reveal (the
  // boards are hidden cards until then, docs/architecture.md "Hidden information").
  enum class Access { kPublic, kDirector, kDirectorUntilRevealed };
  // The set named, after the access check (one read of the set, one of its event if needed).
  Result<store::BoardSetRecord> Load(grpc::ServerContext* context, const std::string& name,
                                     Access access,
                                     store::BoardRange boards = store::BoardRange::None());

  store::EventStore& store_;
};

// The proto forms; record.set.boards are not copied (GetBoard serves them one by one).
void ToProto(const store::BoardSetRecord& record, v1::BoardSet* out);
void ToProto(const SetBoard& board, int table_size, v1::Board* out);

}  // namespace skat::service

#endif  // SKAT_SERVICES_DEAL_DEAL_SERVICE_H_
